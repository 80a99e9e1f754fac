/**
 * What one call of the transport keeps across its attempts, how it starts from its input, and the
 * attempt not logged yet. transport.ts updates it; attempt-log.ts and attempt-calls.ts read it.
 */
import type { Options as KyOptions } from 'ky';
import { buildPath, lowerCaseNames, validate } from './call-input.js';
import { ValidationError } from './errors.js';
import { idempotencyKeyPattern, newIdempotencyKey } from './idempotency-key.js';
import { newRequestId } from './request-id.js';
import type { Operation } from './schemas/operations.js';
import type { CallInput, CreateRequestOptions, RequestOptions } from './transport-types.js';

/** What one call keeps across its attempts (the refresh hook finds it in ky's `context.call`). */
export interface CallState {
  readonly operation: Operation;
  readonly requestId: string;
  /** Sent as `Idempotency-Key` (creates only). */
  readonly idempotencyKey: string | undefined;
  /** The headers given for this call, names in lower case. */
  readonly headers: Record<string, string> | undefined;
  readonly path: string;
  readonly timeout: number;
  readonly maxWaitMs: number;
  readonly signal: AbortSignal | undefined;
  /** The call's ky options, to send it again after a refresh. */
  kyOptions: KyOptions;
  waitedMs: number;
  refreshed: boolean;
  /** Set when the outcome is final (the call after a refresh failed): ky must not retry it. */
  settled: boolean;
  retryCount: number;
  /** Attempts sent so far, not counting one a refresh sends again. */
  attempts: number;
  /** The request of the attempt under way (or the last one). */
  request: Request | undefined;
  /** The body of the last answer, read within its attempt's deadline. */
  text: string;
  /** The attempt not logged yet: its entry waits until it is known whether another follows. */
  pending: PendingAttempt | undefined;
}

/** An attempt not logged yet; `ended` is set with its outcome. */
export interface PendingAttempt {
  started: number;
  ended?: number;
  status?: number;
  error?: string;
  headers: Headers;
  path: string;
}

/** Sets the outcome of an attempt, once: the first outcome (an answer, or ky's timeout) wins. */
export function finish(attempt: PendingAttempt, outcome: { status?: number; error?: string }): void {
  if (attempt.ended !== undefined) return;
  attempt.ended = Date.now();
  attempt.status = outcome.status;
  attempt.error = outcome.error;
}

/** The call's state, from ky's `context`. */
export function stateOf(options: KyOptions): CallState {
  return (options.context as { call: CallState }).call;
}

/** The parts of the transport's configuration a call starts from. */
export interface CallDefaults {
  timeout: number;
  maxWaitMs: number;
  validateRequests: boolean;
}

/**
 * A call's state, its body and its query, from its input: checked against the operation's
 * schemas (unless turned off), with its request id and, for a create, its Idempotency-Key.
 */
export function startCall(operation: Operation, input: CallInput, options: RequestOptions, defaults: CallDefaults): { call: CallState; body: unknown; query: Record<string, unknown> | undefined } {
  const check = options.validateRequest ?? defaults.validateRequests;
  const params = (check ? validate(operation.params, input.params, `path parameters of ${operation.id}`) : input.params) as Record<string, string> | undefined;
  const query = (check ? validate(operation.query, input.query, `query of ${operation.id}`) : input.query) as Record<string, unknown> | undefined;
  const checked = check ? validate(input.bodySchema ?? operation.body, input.body, `body of ${operation.id}`) : input.body;
  const body = input.encodeBody && checked !== undefined ? input.encodeBody(checked as never) : checked;
  const callHeaders = lowerCaseNames(options.headers);
  const requestId = callHeaders?.['x-request-id'] ?? newRequestId();
  let idempotencyKey: string | undefined;
  if (operation.method === 'POST' && !operation.idempotent) {
    idempotencyKey = (options as CreateRequestOptions).idempotencyKey ?? callHeaders?.['idempotency-key'] ?? newIdempotencyKey();
    if (!idempotencyKeyPattern.test(idempotencyKey)) {
      const issue = { code: 'custom' as const, path: ['idempotencyKey'], message: 'must be 1 to 255 printable ASCII characters without spaces', input: idempotencyKey };
      throw new ValidationError(`Idempotency-Key of ${operation.id}`, [issue]);
    }
  }
  const call: CallState = {
    operation,
    requestId,
    idempotencyKey,
    headers: callHeaders,
    path: buildPath(operation.path, params),
    timeout: options.timeout ?? defaults.timeout,
    maxWaitMs: options.maxWait ?? defaults.maxWaitMs,
    signal: options.signal,
    kyOptions: {},
    waitedMs: 0,
    refreshed: false,
    settled: false,
    retryCount: 0,
    attempts: 0,
    request: undefined,
    text: '',
    pending: undefined,
  };
  return { call, body, query };
}
