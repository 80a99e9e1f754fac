import type { LogEntry, MedschedClient } from '@medsched/sdk';
import type { Settings } from '../config/settings.js';

/** Headers that identify the CLI in the server's logs. */
const userAgent = 'medsched-cli';

/**
 * Builds the SDK client from resolved settings. The SDK is imported here, lazily, so that
 * commands that never call the API (help, completion, config) do not load zod and ky.
 */
export async function createApiClient(settings: Settings, options: { debug: boolean }): Promise<MedschedClient> {
  const { createClient } = await import('@medsched/sdk');
  const credential = settings.credential;
  return createClient({
    baseUrl: settings.baseUrl,
    ...(credential?.kind === 'apiKey' && { apiKey: credential.secret }),
    ...(credential?.kind === 'token' && { token: credential.secret }),
    headers: { 'x-client': userAgent },
    // The SDK's log entries have credentials redacted already.
    ...(options.debug && { logger: (entry: LogEntry) => process.stderr.write(`${describeAttempt(entry)}\n`) }),
  });
}

function describeAttempt(entry: LogEntry): string {
  const outcome = entry.status ?? entry.error ?? '?';
  const retry = entry.retryInMs !== undefined ? `, retry in ${entry.retryInMs} ms` : '';
  return `debug: ${entry.method} ${entry.path} → ${outcome} in ${entry.durationMs} ms (request ${entry.requestId}${retry})`;
}
