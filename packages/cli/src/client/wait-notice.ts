import type { RetryWaitEntry } from '@medsched/sdk';

/** Waits shorter than this pass without a word; longer ones would look like a hang. */
const noticeableMs = 1_000;

/** Why the SDK waits, in the CLI's words. */
function reason(entry: RetryWaitEntry): string {
  if (entry.status === 429) return 'the server is rate-limiting this credential (429)';
  if (entry.status !== undefined) return `the server answered ${entry.status}`;
  if (entry.reason === 'timeout') return 'the server accepted the request but did not answer in time';
  return `the request failed (${entry.reason})`;
}

/** The stderr line for the SDK's wait before a retry, e.g. "Waiting 60 s: …", or a short "Retrying" line for a short one. */
export function describeWait(entry: RetryWaitEntry): string | undefined {
  // Every retry is told (a person should know the request is being sent again); short ones in a short line.
  if (entry.ms < noticeableMs) return `Retrying ${entry.method} ${entry.path.split('?')[0]} in ${Math.round(entry.ms)} ms: ${reason(entry)}.`;
  const seconds = Math.round(entry.ms / 100) / 10;
  return `Waiting ${seconds} s before trying ${entry.method} ${entry.path.split('?')[0]} again: ${reason(entry)}. Press Ctrl-C to stop.`;
}
