/** The logger's `attempt` and `retry-wait` entries of a call (the `logger` client option). */
import { TimeoutError as KyTimeoutError } from 'ky';
import { finish, type CallState } from './call-state.js';
import { MedschedError } from './errors.js';
import { redactHeaders, redactUrl } from './redact.js';
import type { LoggerEntry, RetryWaitReason } from './transport-types.js';

type Logger = (entry: LoggerEntry) => void;

/** Logs the attempt that ended last, with the wait before the next one when one follows. */
export function logAttempt(logger: Logger | undefined, call: CallState, retryInMs: number | undefined, failure?: unknown): void {
  const pending = call.pending;
  if (pending === undefined || logger === undefined) return;
  call.pending = undefined;
  // ky's timeout rejects at once; the attempt's own promise may not have settled yet.
  if (pending.ended === undefined) finish(pending, { error: failure instanceof MedschedError ? failure.code : failure instanceof KyTimeoutError ? 'timeout' : 'fetch_error' });
  const headers: Record<string, string> = {};
  pending.headers.forEach((value, name) => (headers[name] = value));
  logger({
    type: 'attempt',
    operation: call.operation.id,
    method: call.operation.method,
    path: redactUrl(pending.path),
    status: pending.status,
    durationMs: pending.ended! - pending.started,
    requestId: call.requestId,
    attempt: call.retryCount,
    headers: redactHeaders(headers),
    ...(pending.error !== undefined && { error: pending.error }),
    ...(retryInMs !== undefined && { retryInMs }),
  });
}

/** What a `retry-wait` entry says beside the call: the wait, why, after which attempt. */
export interface RetryWait {
  path: string;
  ms: number;
  reason: RetryWaitReason;
  attempt: number;
  status: number | undefined;
  totalWaitMs: number;
}

/** Logs the wait before the call's next attempt. */
export function logRetryWait(logger: Logger | undefined, call: CallState, wait: RetryWait): void {
  const { id, method } = call.operation;
  logger?.({
    type: 'retry-wait',
    operation: id,
    method,
    path: redactUrl(wait.path),
    requestId: call.requestId,
    ms: wait.ms,
    reason: wait.reason,
    attempt: wait.attempt,
    status: wait.status,
    totalWaitMs: wait.totalWaitMs,
  });
}
