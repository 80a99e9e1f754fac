import type * as z from 'zod/mini';
import type { Credentials } from './auth.js';
import {
  AbortError,
  ApiError,
  MedschedError,
  ConnectionError,
  errorForStatus,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from './errors.js';
import { redactHeaders, redactUrl } from './redact.js';
import { idempotencyKeyPattern, newIdempotencyKey } from './idempotency-key.js';
import { newRequestId } from './request-id.js';
import { defaultUserAgent } from './user-agent.js';
import { backoffMs, isRetryableStatus, parseRetryAfter, sleep, type RetryDelays } from './retry.js';
import { Problem } from './schemas/problem.js';
import type { Operation } from './schemas/operations.js';

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

export interface TransportConfig {
  baseUrl: string;
  credentials: Credentials;
  timeout: number;
  maxRetries: number;
  /** Longest Retry-After the client waits for; longer ones raise at once. */
  maxRetryAfterMs: number;
  /** Longest total wait between the attempts of one call. */
  maxWaitMs: number;
  retryDelays: RetryDelays;
  validateResponses: boolean;
  validateRequests: boolean;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch | undefined;
  logger: ((entry: LoggerEntry) => void) | undefined;
}

/** The input of one operation call, before validation. */
export interface CallInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
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

type Outcome =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'failure'; error: ConnectionError | AbortError };

/** Operations that create a record: they carry an Idempotency-Key and are then retried like the others. */
const createsWithKey = (operation: Operation) => operation.method === 'POST' && !operation.idempotent;

/**
 * Runs one operation of the catalogue: validates the input, sends it with credentials,
 * retries what may be retried within a bounded total wait, and validates the answer.
 * It calls fetch itself rather than through ky: measured in bench/sdk.mjs, ky's Request
 * objects and clones cost about 0.16 ms a call (SDK/raw fetch 2.0 with ky, 1.4 without, same
 * run), the deadline must cover the body (ky's timeout ends with the headers), each wait must
 * reach the logger with its length and reason within a total budget (ky's beforeRetry hook does
 * not see the delay), and a custom fetch must be called as fetch(url, init).
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #userAgent: string | undefined = defaultUserAgent();

  constructor(config: TransportConfig) {
    this.#config = config;
  }

  async call<O extends Operation>(operation: O, input: CallInput, options: RequestOptions = {}): Promise<CallResult<z.infer<O['response']>>> {
    const check = options.validateRequest ?? this.#config.validateRequests;
    const params = (check ? validate(operation.params, input.params, `path parameters of ${operation.id}`) : input.params) as Record<string, string> | undefined;
    const query = (check ? validate(operation.query, input.query, `query of ${operation.id}`) : input.query) as Record<string, unknown> | undefined;
    const body = check ? validate(operation.body, input.body, `body of ${operation.id}`) : input.body;
    const path = buildPath(operation.path, params) + buildQuery(query);
    const callHeaders = lowerCaseNames(options.headers);
    const requestId = callHeaders?.['x-request-id'] ?? newRequestId();
    const idempotencyKey = createsWithKey(operation) ? (options.idempotencyKey ?? callHeaders?.['idempotency-key'] ?? newIdempotencyKey()) : undefined;
    if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey)) {
      throw new ValidationError(`Idempotency-Key of ${operation.id}`, [
        { code: 'custom', path: ['idempotencyKey'], message: 'must be 1 to 255 printable ASCII characters without spaces', input: idempotencyKey },
      ]);
    }
    const maxRetries = operation.idempotent || idempotencyKey !== undefined ? (options.maxRetries ?? this.#config.maxRetries) : 0;
    const maxWaitMs = options.maxWait ?? this.#config.maxWaitMs;
    const timeout = options.timeout ?? this.#config.timeout;
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    let refreshed = false;
    let waitedMs = 0;

    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: 'application/json', ...this.#config.headers, ...callHeaders };
      if (this.#userAgent !== undefined && headers['user-agent'] === undefined) headers['user-agent'] = this.#userAgent;
      const credentialsAdded = this.#config.credentials.addHeaders(headers);
      if (credentialsAdded !== undefined) await credentialsAdded;
      headers['x-request-id'] = requestId;
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      // A content type given by the caller stands (an escape hatch, e.g. to test a server's 415).
      if (bodyText !== undefined) headers['content-type'] ??= 'application/json';
      const started = Date.now();
      const outcome = await this.#attempt(operation.method, path, headers, bodyText, timeout, options.signal);
      const log = (extra: Partial<LogEntry>) =>
        this.#config.logger?.({
          type: 'attempt',
          operation: operation.id,
          method: operation.method,
          path: redactUrl(path),
          status: undefined,
          durationMs: Date.now() - started,
          requestId,
          attempt,
          headers: redactHeaders(headers),
          ...extra,
        });
      /** Waits before the next attempt when the budget allows; false when it does not. */
      const waitIfAllowed = async (ms: number, reason: RetryWaitReason, status: number | undefined, logAttempt: (retryInMs: number | undefined) => void) => {
        if (waitedMs + ms > maxWaitMs) {
          logAttempt(undefined);
          return false;
        }
        waitedMs += ms;
        logAttempt(ms);
        this.#config.logger?.({ type: 'retry-wait', operation: operation.id, method: operation.method, path: redactUrl(path), requestId, ms, reason, attempt: attempt + 1, status, totalWaitMs: waitedMs });
        await this.#wait(ms, options.signal);
        return true;
      };

      if (outcome.kind === 'failure') {
        const retryable = !(outcome.error instanceof AbortError) && outcome.error instanceof ConnectionError && attempt < maxRetries;
        const logFailure = (retryInMs: number | undefined) => log({ error: outcome.error.code, ...(retryInMs !== undefined && { retryInMs }) });
        if (!retryable) {
          logFailure(undefined);
          throw outcome.error;
        }
        const reason = outcome.error instanceof TimeoutError ? 'timeout' : 'connection_error';
        if (await waitIfAllowed(backoffMs(attempt, this.#config.retryDelays), reason, undefined, logFailure)) continue;
        throw outcome.error;
      }

      const answerId = outcome.headers.get('x-request-id') ?? requestId;
      if (outcome.status === 401 && !refreshed && this.#config.credentials.canRefresh) {
        log({ status: outcome.status, retryInMs: 0 });
        refreshed = true;
        try {
          await this.#config.credentials.refresh(bearerOf(headers));
        } catch (cause) {
          throw this.#httpError(operation.method, path, outcome, answerId, { cause, note: `the refresh hook failed: ${describeCause(cause)}` });
        }
        attempt--; // a refresh is not a retry
        continue;
      }

      if (outcome.status >= 400) {
        const error = this.#httpError(operation.method, path, outcome, answerId);
        const retryAfterMs = parseRetryAfter(outcome.headers.get('retry-after'));
        const retryable = isRetryableStatus(outcome.status) && attempt < maxRetries && (retryAfterMs ?? 0) <= this.#config.maxRetryAfterMs;
        const logAnswer = (retryInMs: number | undefined) => log({ status: outcome.status, ...(retryInMs !== undefined && { retryInMs }) });
        if (!retryable) {
          logAnswer(undefined);
          throw error;
        }
        const reason = outcome.status === 429 ? 'rate_limited' : outcome.status === 408 ? 'request_timeout' : 'server_error';
        if (await waitIfAllowed(retryAfterMs ?? backoffMs(attempt, this.#config.retryDelays), reason, outcome.status, logAnswer)) continue;
        throw error;
      }

      log({ status: outcome.status });
      const json = parseJson(outcome.text);
      const validateResponse = options.validateResponse ?? this.#config.validateResponses;
      if (!validateResponse) return { data: json as z.infer<O['response']>, status: outcome.status, headers: outcome.headers, requestId: answerId };
      const parsed = operation.response.safeParse(json);
      if (!parsed.success) {
        throw new ResponseValidationError(operation.id, parsed.error.issues, { status: outcome.status, requestId: answerId, body: json });
      }
      return { data: parsed.data as z.infer<O['response']>, status: outcome.status, headers: outcome.headers, requestId: answerId };
    }
  }

  async #attempt(method: string, path: string, headers: Record<string, string>, body: string | undefined, timeout: number, signal: AbortSignal | undefined): Promise<Outcome> {
    if (signal?.aborted) return { kind: 'failure', error: new AbortError({ cause: signal.reason }) };
    // One controller ends the attempt, whether the deadline passes or the caller aborts
    // (cheaper per call than AbortSignal.any, which showed in the bench).
    const controller = new AbortController();
    let timedOut = false;
    let fetchBug: unknown;
    let onAbort: () => void = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // One promise for the whole attempt (rather than races against a deadline promise, which
      // cost a few allocations a call): the deadline and the caller's abort reject it even when a
      // fetch ignores its signal, and the same deadline covers the body, so a server that stalls
      // mid-body cannot hang us.
      return await new Promise<Outcome>((resolve, reject) => {
        onAbort = () => {
          controller.abort(signal?.reason);
          reject(new AbortError({ cause: signal?.reason }));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
          reject(new TimeoutError(timeout));
        }, timeout);
        const init: RequestInit = { method, headers, signal: controller.signal };
        if (body !== undefined) init.body = body;
        const fetch = this.#config.fetch ?? globalThis.fetch;
        // (URL, init), as a caller of fetch expects. Whatever a fetch throws that is not a
        // network failure is a bug in it (a custom fetch), reported as such.
        fetch(this.#config.baseUrl + path, init).then(
          (response) => response.text().then((text) => resolve({ kind: 'answer', status: response.status, headers: response.headers, text }), reject),
          (error: unknown) => {
            if (!isNetworkFailure(error) && !controller.signal.aborted) fetchBug = error;
            reject(error);
          },
        );
      });
    } catch (cause) {
      if (signal?.aborted) return { kind: 'failure', error: new AbortError({ cause: signal.reason }) };
      if (timedOut) return { kind: 'failure', error: new TimeoutError(timeout) };
      if (fetchBug !== undefined) throw new MedschedError(`the fetch threw: ${describeCause(fetchBug)}`, 'fetch_error', { cause: fetchBug });
      return { kind: 'failure', error: new ConnectionError(`could not reach ${this.#config.baseUrl}: ${describeCause(cause)}`, { cause }) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async #wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (cause) {
      throw new AbortError({ cause });
    }
  }

  #httpError(
    method: string,
    path: string,
    outcome: { status: number; headers: Headers; text: string },
    requestId: string,
    options?: { cause?: unknown; note?: string },
  ): ApiError {
    const problem = Problem.safeParse(parseJson(outcome.text));
    const retryAfterMs = parseRetryAfter(outcome.headers.get('retry-after'));
    return errorForStatus(
      {
        status: outcome.status,
        requestId,
        problem: problem.success ? problem.data : undefined,
        headers: outcome.headers,
        method,
        path: redactUrl(path),
        retryAfter: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
      },
      options,
    );
  }
}

/** Header names in lower case, so that `X-Request-Id` and `x-request-id` are one header. */
export function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/** The bearer token a request carried, to tell the refresh which token the server refused. */
function bearerOf(headers: Record<string, string>): string | undefined {
  const value = headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length) : undefined;
}

/**
 * Whether fetch failed the way a network failure looks: a TypeError ("fetch failed" in Node,
 * "Failed to fetch" in Chromium, "NetworkError…" in Firefox, "Load failed" in Safari), or an
 * error with a system error code (ECONNREFUSED, ECONNRESET, …) on it or its cause.
 */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

function validate(schema: z.ZodMiniType | undefined, value: unknown, what: string): unknown {
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new ValidationError(what, parsed.error.issues);
  return parsed.data;
}

/** Each path template split once into its text and parameter names: `['/calendars/', 'calendarId', '']`. */
const pathParts = new Map<string, string[]>();

function buildPath(template: string, params: Record<string, string> | undefined): string {
  let parts = pathParts.get(template);
  if (parts === undefined) {
    parts = template.split(/\{(\w+)\}/);
    // client.request() paths are the caller's: keep only the catalogue's templates (a few dozen).
    if (pathParts.size < 256) pathParts.set(template, parts);
  }
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) path += encodeURIComponent(params?.[parts[i]!] ?? '') + parts[i + 1]!;
  return path;
}

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: { code?: string } }).cause?.code;
    return inner ? `${cause.message} (${inner})` : cause.message;
  }
  return String(cause);
}
