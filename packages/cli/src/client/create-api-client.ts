import type { LogEntry, LoggerEntry, MedschedClient } from '@medsched/sdk';
import type { Settings } from '../config/settings.js';
import { describeWait } from './wait-notice.js';
import { cliProcess } from '../io/cli-process.js';

/** Headers that identify the CLI in the server's logs. */
const userAgent = 'medsched-cli';

/**
 * Builds the SDK client from resolved settings. The SDK is imported here, lazily, so that
 * commands that never call the API (help, completion, config) do not load it and zod.
 * `note` receives a line whenever the SDK tells (a `retry-wait` entry) that it is about to wait
 * noticeably before a retry (a `Retry-After: 60` would otherwise look like a hang).
 */
export async function createApiClient(settings: Settings, options: { debug: boolean; note?: (text: string) => void; fetch?: typeof globalThis.fetch }): Promise<MedschedClient> {
  const { createClient } = await import('@medsched/sdk');
  const credential = settings.credential;
  const logger = (entry: LoggerEntry) => {
    // The SDK's log entries have credentials redacted already.
    if (entry.type === 'retry-wait') {
      const wait = describeWait(entry);
      if (wait !== undefined) (options.note ?? ((text: string) => cliProcess().stderr.write(`${text}\n`)))(wait);
    } else if (options.debug) cliProcess().stderr.write(`${logStamp()} ${describeAttempt(entry)}\n`);
  };
  return createClient({
    baseUrl: settings.baseUrl,
    ...(credential?.kind === 'apiKey' && { apiKey: credential.secret }),
    ...(credential?.kind === 'token' && { token: credential.secret }),
    headers: { 'x-client': userAgent },
    // One attempt may use the whole --timeout but no more than the SDK's 30 s; the total is the CLI's deadline.
    timeout: Math.min(30_000, settings.timeout.ms),
    maxWait: settings.timeout.ms,
    ...(options.fetch && { fetch: options.fetch }),
    logger,
  });
}

/** The time stamp of a log line on stderr (debug lines, warnings in a log): UTC, to the millisecond. */
export function logStamp(): string {
  return new Date().toISOString();
}

function describeAttempt(entry: LogEntry): string {
  const outcome = entry.status ?? entry.error ?? '?';
  const retry = entry.retryInMs !== undefined ? `, retry in ${entry.retryInMs} ms` : '';
  return `debug: ${entry.method} ${entry.path} → ${outcome} in ${entry.durationMs} ms (request ${entry.requestId}${retry})`;
}
