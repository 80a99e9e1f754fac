import type { LogEntry } from '@medsched/sdk';

/** Waits shorter than this pass without a word; longer ones would look like a hang. */
const noticeableMs = 1_000;

/** The reason an attempt is retried, in the CLI's words. */
function reason(entry: LogEntry): string {
  if (entry.status === 429) return 'the server is rate-limiting this credential (429)';
  if (entry.status !== undefined) return `the server answered ${entry.status}`;
  return `the request failed (${entry.error ?? 'no answer'})`;
}

/** The stderr line for a retry wait, e.g. "Waiting 60 s: …", or undefined for none or a short one. */
export function describeWait(entry: LogEntry): string | undefined {
  if (entry.retryInMs === undefined || entry.retryInMs < noticeableMs) return undefined;
  const seconds = Math.round(entry.retryInMs / 100) / 10;
  return `Waiting ${seconds} s before trying ${entry.method} ${entry.path.split('?')[0]} again: ${reason(entry)}. Press Ctrl-C to stop.`;
}
