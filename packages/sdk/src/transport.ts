import ky from 'ky';
import type { z } from 'zod';
import type { Credentials } from './auth.js';
import {
  AbortError,
  ApiError,
  ConnectionError,
  errorForStatus,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from './errors.js';
import { redactHeaders, redactUrl } from './redact.js';
import { newRequestId } from './request-id.js';
import { backoffMs, isRetryableStatus, parseRetryAfter, sleep, type RetryDelays } from './retry.js';
import { Problem } from './schemas/problem.js';
import type { Operation } from './schemas/operations.js';

/** Options every SDK method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the request (and any wait between retries). */
  signal?: AbortSignal;
  /** Milliseconds for one attempt, reading the body included. */
  timeout?: number;
  /** Retries after the first attempt, for idempotent operations. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** Check the answer against the contract (default: the client's setting). */
  validateResponse?: boolean;
}

/** What the logger hook sees of each attempt. Credentials and signed query strings are redacted. */
export interface LogEntry {
  operation: string;
  method: string;
  /** Path and query under the base URL, secret query values redacted. */
  path: string;
  status: number | undefined;
  durationMs: number;
  requestId: string;
  /** 0 for the first attempt. */
  attempt: number;
  /** Set when another attempt follows after this many milliseconds. */
  retryInMs?: number;
  /** Error code when the attempt failed without an HTTP answer. */
  error?: string;
  /** The request headers, with `x-api-key` and `Authorization` redacted. */
  headers: Record<string, string>;
}

export interface TransportConfig {
  baseUrl: string;
  credentials: Credentials;
  timeout: number;
  maxRetries: number;
  /** Longest Retry-After the client waits for; longer ones raise at once. */
  maxRetryAfterMs: number;
  retryDelays: RetryDelays;
  validateResponses: boolean;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch | undefined;
  logger: ((entry: LogEntry) => void) | undefined;
}

/** The input of one operation call, before validation. */
export interface CallInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** A successful answer: the validated data and the response headers. */
export interface CallResult<T> {
  data: T;
  status: number;
  headers: Headers;
  requestId: string;
}

type Outcome =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'failure'; error: ConnectionError | AbortError };

/**
 * Runs one operation of the catalogue: validates the input, sends it with credentials,
 * retries what may be retried, and validates the answer.
 * Retries are our own loop on top of ky (not ky's), because the retry decision depends on
 * the operation (POST /calendars/bake may be retried, POST /calendars/ may not) and the
 * deadline must cover the body, which ky's timeout does not.
 */
export class Transport {
  readonly #config: TransportConfig;

  constructor(config: TransportConfig) {
    this.#config = config;
  }

  async call<O extends Operation>(operation: O, input: CallInput, options: RequestOptions = {}): Promise<CallResult<z.infer<O['response']>>> {
    const params = validate(operation.params, input.params, `path parameters of ${operation.id}`) as Record<string, string> | undefined;
    const query = validate(operation.query, input.query, `query of ${operation.id}`) as Record<string, unknown> | undefined;
    const body = validate(operation.body, input.body, `body of ${operation.id}`);
    const path = buildPath(operation.path, params) + buildQuery(query);
    const requestId = options.headers?.['x-request-id'] ?? newRequestId();
    const maxRetries = operation.idempotent ? (options.maxRetries ?? this.#config.maxRetries) : 0;
    const timeout = options.timeout ?? this.#config.timeout;
    let refreshed = false;

    for (let attempt = 0; ; attempt++) {
      const headers = new Headers({ accept: 'application/json', ...this.#config.headers, ...options.headers });
      for (const [name, value] of Object.entries(await this.#config.credentials.headers())) headers.set(name, value);
      headers.set('x-request-id', requestId);
      const started = Date.now();
      const outcome = await this.#attempt(operation.method, path, headers, body, timeout, options.signal);
      const log = (extra: Partial<LogEntry>) =>
        this.#config.logger?.({
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

      if (outcome.kind === 'failure') {
        const retryable = !(outcome.error instanceof AbortError) && attempt < maxRetries;
        const retryInMs = retryable ? backoffMs(attempt, this.#config.retryDelays) : undefined;
        log({ error: outcome.error.code, ...(retryInMs !== undefined && { retryInMs }) });
        if (retryInMs === undefined) throw outcome.error;
        await this.#wait(retryInMs, options.signal);
        continue;
      }

      const answerId = outcome.headers.get('x-request-id') ?? requestId;
      if (outcome.status === 401 && !refreshed && this.#config.credentials.canRefresh) {
        log({ status: outcome.status, retryInMs: 0 });
        refreshed = true;
        await this.#config.credentials.refresh();
        attempt--; // a refresh is not a retry
        continue;
      }

      if (outcome.status >= 400) {
        const error = this.#httpError(operation.method, path, outcome, answerId);
        const retryAfterMs = parseRetryAfter(outcome.headers.get('retry-after'));
        const retryable = isRetryableStatus(outcome.status) && attempt < maxRetries && (retryAfterMs ?? 0) <= this.#config.maxRetryAfterMs;
        const retryInMs = retryable ? (retryAfterMs ?? backoffMs(attempt, this.#config.retryDelays)) : undefined;
        log({ status: outcome.status, ...(retryInMs !== undefined && { retryInMs }) });
        if (retryInMs === undefined) throw error;
        await this.#wait(retryInMs, options.signal);
        continue;
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

  async #attempt(method: string, path: string, headers: Headers, body: unknown, timeout: number, signal: AbortSignal | undefined): Promise<Outcome> {
    if (signal?.aborted) return { kind: 'failure', error: new AbortError({ cause: signal.reason }) };
    const deadline = new AbortController();
    let timedOut = false;
    let onTimeout: () => void = () => {};
    let onAbort: () => void = () => {};
    const expired = new Promise<never>((_, reject) => {
      onTimeout = () => reject(new TimeoutError(timeout));
      // The caller's abort must end a stalled body too, whatever the fetch does with its signal.
      onAbort = () => reject(new AbortError({ cause: signal?.reason }));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    expired.catch(() => {});
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
      onTimeout();
    }, timeout);
    const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    try {
      const response = await Promise.race([
        ky(this.#config.baseUrl + path, {
          method,
          headers,
          ...(body !== undefined && { json: body }),
          signal: combined,
          timeout: false,
          retry: 0,
          throwHttpErrors: false,
          ...(this.#config.fetch && { fetch: this.#config.fetch }),
        }),
        expired,
      ]);
      // The same deadline covers the body: a server that stalls mid-body must not hang us.
      const text = await Promise.race([response.text(), expired]);
      return { kind: 'answer', status: response.status, headers: response.headers, text };
    } catch (cause) {
      if (signal?.aborted) return { kind: 'failure', error: new AbortError({ cause: signal.reason }) };
      if (timedOut) return { kind: 'failure', error: new TimeoutError(timeout) };
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

  #httpError(method: string, path: string, outcome: { status: number; headers: Headers; text: string }, requestId: string): ApiError {
    const problem = Problem.safeParse(parseJson(outcome.text));
    const retryAfterMs = parseRetryAfter(outcome.headers.get('retry-after'));
    return errorForStatus({
      status: outcome.status,
      requestId,
      problem: problem.success ? problem.data : undefined,
      headers: outcome.headers,
      method,
      path: redactUrl(path),
      retryAfter: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
    });
  }
}

function validate(schema: z.ZodType | undefined, value: unknown, what: string): unknown {
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new ValidationError(what, parsed.error.issues);
  return parsed.data;
}

function buildPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
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
