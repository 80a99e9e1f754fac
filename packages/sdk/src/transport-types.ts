/** The types of the transport's options, log entries and results. */
import type * as z from 'zod/mini';

/** Options every SDK method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the request (and any wait between retries). */
  signal?: AbortSignal;
  /** Milliseconds for one attempt, reading the body included. */
  timeout?: number;
  /** Retries after the first attempt (creates are retried too: they carry an Idempotency-Key). */
  maxRetries?: number;
  /** Longest total wait between attempts of this call, in milliseconds (the client's `maxWait` by default). */
  maxWait?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** Check the answer against the contract (default: the client's setting). */
  validateResponse?: boolean;
  /** Check the input against the contract before sending (default: the client's setting). */
  validateRequest?: boolean;
}

/** Options of the calls that create (`calendars.create`, `medications.create`, `users.create`, `request()`): only they take an Idempotency-Key. */
export interface CreateRequestOptions extends RequestOptions {
  /**
   * The `Idempotency-Key` of a create (`POST /calendars/`, `/medications/`, `/users/`). Default: a
   * new random key per call, the same on each retry. Give your own to make a create safe to
   * repeat across processes, e.g. the id of the job that creates it.
   */
  idempotencyKey?: string;
}

/** What the logger sees of each attempt (`type: 'attempt'`). Credentials and signed query strings are redacted. */
export interface LogEntry {
  /** Always `'attempt'` from the SDK (optional so that hand-made entries in tests stay valid). */
  type?: 'attempt';
  operation: string;
  method: string;
  /** Path and query under the base URL, secret query values redacted. */
  path: string;
  status: number | undefined;
  durationMs: number;
  requestId: string;
  /** 0 for the first attempt. */
  attempt: number;
  /** Set when another attempt follows after this many milliseconds (a `retry-wait` entry follows too). */
  retryInMs?: number;
  /** Error code when the attempt failed without an HTTP answer. */
  error?: string;
  /** The request headers, with `x-api-key` and `Authorization` redacted. */
  headers: Record<string, string>;
}

/** Why the SDK waits before another attempt. */
export type RetryWaitReason = 'rate_limited' | 'server_error' | 'request_timeout' | 'connection_error' | 'timeout';

/**
 * What the logger sees when the SDK is about to wait before another attempt, e.g.
 * `{ type: 'retry-wait', ms: 2000, reason: 'rate_limited', attempt: 1, status: 429 }`.
 * Print it so that a long wait does not look like a hang.
 */
export interface RetryWaitEntry {
  type: 'retry-wait';
  operation: string;
  method: string;
  /** Path and query under the base URL, secret query values redacted. */
  path: string;
  requestId: string;
  /** Milliseconds the SDK now waits (the server's Retry-After, or the back-off). */
  ms: number;
  reason: RetryWaitReason;
  /** The attempt that follows the wait: 1 for the first retry. */
  attempt: number;
  /** The status that caused the wait, when the server answered. */
  status: number | undefined;
  /** Milliseconds this call has waited in total, this wait included; never more than `maxWait`. */
  totalWaitMs: number;
}

/** Everything the logger hook receives: narrow on `entry.type`. */
export type LoggerEntry = LogEntry | RetryWaitEntry;

/** The input of one operation call, before validation. */
export interface CallInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  /** The schema the SDK user's body is checked with, when it differs from the wire body's. */
  bodySchema?: z.ZodMiniType;
  /** Turns the user's (checked) body into the wire body. */
  encodeBody?: (body: never) => unknown;
  /** A query string already built (`client.request()`), instead of `query`. */
  search?: URLSearchParams;
}

/** A successful answer: the data and what came with it. */
export interface CallResult<T> {
  data: T;
  /** The HTTP status, e.g. 200 or 201. */
  status: number;
  /** The response headers (`x-total-count`, `link`, `idempotent-replayed`, rate-limit headers, …). */
  headers: Headers;
  /** The request id the server answered with (quote it in support requests). */
  requestId: string;
}
