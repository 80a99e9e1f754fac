/**
 * The SDK's transport: ky, with what ky cannot do beside it.
 *
 * ky does (one `ky.create()` per client): the base URL (`prefixUrl`), query strings
 * (`searchParams`), JSON bodies, header merging, the retry loop (`limit`, `methods`,
 * `statusCodes`, `afterStatusCodes` with `Retry-After`, `maxRetryAfter`, `backoffLimit`, `delay`,
 * `jitter`, `shouldRetry`), the caller's `signal` during the waits, authentication
 * (`beforeRequest`), the refresh after a 401 (`afterResponse`, re-sending with ky as its README
 * shows), and an injectable `fetch`.
 *
 * We add: a deadline per attempt that covers reading the body (ky's `timeout` ends with the
 * headers), a total wait budget across the retries of one call (`maxWait`), refusing a
 * `Retry-After` past `maxRetryAfter` instead of capping it, the logger's `attempt` and
 * `retry-wait` entries (ky's `beforeRetry` runs after the wait and does not see its length, so the
 * wait is computed in `shouldRetry` from what we give ky: the `Retry-After` and our own jitter),
 * input and answer validation, Idempotency-Keys, and typed errors.
 */
import ky, { HTTPError, type KyInstance, type Options as KyOptions, type RetryOptions } from 'ky';
import type * as z from 'zod/mini';
import type { Credentials } from './auth.js';
import { AbortError, ConnectionError, errorForStatus, maxErrorBodyChars, MedschedError, ResponseValidationError, TimeoutError, ValidationError } from './errors.js';
import { redactHeaders, redactUrl } from './redact.js';
import { idempotencyKeyPattern, newIdempotencyKey } from './idempotency-key.js';
import { newRequestId } from './request-id.js';
import { defaultUserAgent } from './user-agent.js';
import { parseRetryAfter, type RetryDelays } from './retry.js';
import { Problem } from './schemas/problem.js';
import type { Operation } from './schemas/operations.js';
import type { CallInput, CallResult, CreateRequestOptions, LogEntry, LoggerEntry, RequestOptions, RetryWaitReason } from './transport-types.js';

export type * from './transport-types.js';

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

/** What one call keeps across its attempts (ky's `context`). */
interface CallState {
  readonly operation: Operation;
  readonly requestId: string;
  /** The options of the call, to send it again after a refresh. */
  readonly path: string;
  kyOptions: KyOptions;
  readonly timeout: number;
  readonly maxWaitMs: number;
  readonly signal: AbortSignal | undefined;
  waitedMs: number;
  refreshed: boolean;
  /** Drawn in `shouldRetry`, applied by ky's `jitter`, so that the logged wait is the real one. */
  jitter: number;
  retryCount: number;
  /** Set once the outcome is final (e.g. the request after a refresh failed): no more retries. */
  settled: boolean;
  /** The attempt not logged yet: logged once it is known whether another follows. */
  pending: { started: number; ended: number; status?: number; error?: string; headers: Headers; path: string } | undefined;
}

const retryStatuses = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

export class Transport {
  readonly #config: TransportConfig;
  readonly #ky: KyInstance;

  constructor(config: TransportConfig) {
    this.#config = config;
    const userAgent = defaultUserAgent();
    const { initialMs, maxMs } = config.retryDelays;
    this.#ky = ky.create({
      prefixUrl: `${config.baseUrl}/`,
      headers: { accept: 'application/json', ...(userAgent !== undefined && { 'user-agent': userAgent }), ...config.headers },
      timeout: false, // our deadline, in #attempt, covers the body too
      retry: {
        limit: config.maxRetries,
        // Every method: creates carry an Idempotency-Key, so a retry is answered with the first answer.
        methods: ['get', 'post', 'patch', 'put', 'delete'],
        statusCodes: retryStatuses,
        afterStatusCodes: retryStatuses,
        maxRetryAfter: config.maxRetryAfterMs,
        backoffLimit: maxMs,
        delay: (retryCount) => Math.min(maxMs, initialMs * 2 ** (retryCount - 1)),
        retryOnTimeout: true, // our TimeoutError: one attempt's deadline passed; the next has its own
      },
      hooks: {
        beforeRequest: [
          (request, options, { retryCount }) => {
            state(options).retryCount = retryCount;
            return this.#authenticate(request);
          },
        ],
        afterResponse: [(request, options, response) => this.#refreshOn401(request, options, response)],
      },
    });
  }

  async call<O extends Operation>(operation: O, input: CallInput, options: RequestOptions = {}): Promise<CallResult<z.infer<O['response']>>> {
    const check = options.validateRequest ?? this.#config.validateRequests;
    const params = (check ? validate(operation.params, input.params, `path parameters of ${operation.id}`) : input.params) as Record<string, string> | undefined;
    const query = (check ? validate(operation.query, input.query, `query of ${operation.id}`) : input.query) as Record<string, unknown> | undefined;
    const checked = check ? validate(input.bodySchema ?? operation.body, input.body, `body of ${operation.id}`) : input.body;
    const body = input.encodeBody && checked !== undefined ? input.encodeBody(checked as never) : checked;
    const callHeaders = lowerCaseNames(options.headers) ?? {};
    const requestId = callHeaders['x-request-id'] ?? newRequestId();
    const headers: Record<string, string> = { ...callHeaders, 'x-request-id': requestId };
    if (operation.method === 'POST' && !operation.idempotent) {
      const key = (options as CreateRequestOptions).idempotencyKey ?? callHeaders['idempotency-key'] ?? newIdempotencyKey();
      if (!idempotencyKeyPattern.test(key)) {
        throw new ValidationError(`Idempotency-Key of ${operation.id}`, [
          { code: 'custom', path: ['idempotencyKey'], message: 'must be 1 to 255 printable ASCII characters without spaces', input: key },
        ]);
      }
      headers['idempotency-key'] = key;
    }
    const path = buildPath(operation.path, params);
    const callState: CallState = {
      operation,
      requestId,
      path,
      kyOptions: {},
      settled: false,
      timeout: options.timeout ?? this.#config.timeout,
      maxWaitMs: options.maxWait ?? this.#config.maxWaitMs,
      signal: options.signal,
      waitedMs: 0,
      refreshed: false,
      jitter: 1,
      retryCount: 0,
      pending: undefined,
    };
    const kyOptions: KyOptions = {
      method: operation.method,
      headers,
      context: { call: callState },
      fetch: (request, init) => this.#attempt(request as Request, init, callState),
      retry: this.#retryOptions(callState, options.maxRetries),
    };
    if (options.signal) kyOptions.signal = options.signal;
    if (body !== undefined) kyOptions.json = body;
    const search = input.search ?? searchOf(query);
    if (search !== undefined) kyOptions.searchParams = search;
    callState.kyOptions = kyOptions;

    let response: Response;
    try {
      response = await this.#ky(path, kyOptions);
    } catch (error) {
      this.#logPending(callState, undefined);
      throw await this.#toSdkError(error, callState);
    }
    this.#logPending(callState, undefined);
    const answerId = response.headers.get('x-request-id') ?? requestId;
    const json = parseJson(await response.text());
    if (!(options.validateResponse ?? this.#config.validateResponses)) return { data: json as z.infer<O['response']>, status: response.status, headers: response.headers, requestId: answerId };
    const parsed = operation.response.safeParse(json);
    if (!parsed.success) throw new ResponseValidationError(operation.id, parsed.error.issues, { status: response.status, requestId: answerId, body: json });
    return { data: parsed.data as z.infer<O['response']>, status: response.status, headers: response.headers, requestId: answerId };
  }

  /** ky's retry options of one call: its limit, and our decision (budget, long Retry-After, what is worth a retry). */
  #retryOptions(call: CallState, maxRetries: number | undefined): RetryOptions {
    const { initialMs, maxMs } = this.#config.retryDelays;
    return {
      ...(maxRetries !== undefined && { limit: maxRetries }),
      jitter: (delay) => Math.round(delay * call.jitter),
      shouldRetry: ({ error, retryCount }) => {
        if (call.settled) return false;
        const status = error instanceof HTTPError ? error.response.status : undefined;
        let ms: number;
        let reason: RetryWaitReason;
        if (status !== undefined) {
          if (!retryStatuses.includes(status)) return false;
          const retryAfter = parseRetryAfter(error instanceof HTTPError ? error.response.headers.get('retry-after') : null);
          if (retryAfter !== undefined && retryAfter > this.#config.maxRetryAfterMs) return false;
          call.jitter = 0.75 + Math.random() * 0.25;
          ms = retryAfter ?? Math.round(Math.min(maxMs, initialMs * 2 ** (retryCount - 1)) * call.jitter);
          reason = status === 429 ? 'rate_limited' : status === 408 ? 'request_timeout' : 'server_error';
        } else if (error instanceof ConnectionError && !(error instanceof AbortError)) {
          call.jitter = 0.75 + Math.random() * 0.25;
          ms = Math.round(Math.min(maxMs, initialMs * 2 ** (retryCount - 1)) * call.jitter);
          reason = error instanceof TimeoutError ? 'timeout' : 'connection_error';
        } else {
          return false; // an abort, a bug in a custom fetch, anything else: not worth another try
        }
        if (call.waitedMs + ms > call.maxWaitMs) return false;
        call.waitedMs += ms;
        const path = call.pending?.path ?? '';
        this.#logPending(call, ms);
        const { operation } = call;
        this.#config.logger?.({ type: 'retry-wait', operation: operation.id, method: operation.method, path: redactUrl(path), requestId: call.requestId, ms, reason, attempt: retryCount, status, totalWaitMs: call.waitedMs });
        return undefined; // ky goes on: Retry-After for these statuses, else delay and our jitter
      },
    };
  }

  /** `beforeRequest`: credentials, written anew on every attempt (a refresh may have changed the token). */
  #authenticate(request: Request): Promise<void> | undefined {
    const added: Record<string, string> = {};
    const pending = this.#config.credentials.addHeaders(added);
    const apply = () => {
      for (const [name, value] of Object.entries(added)) request.headers.set(name, value);
    };
    if (pending === undefined) return void apply();
    return pending.then(apply);
  }

  /** `afterResponse`: one refresh after a 401 to a bearer request, then the request again with the new token (not a retry). */
  async #refreshOn401(request: Request, options: KyOptions, response: Response): Promise<Response | undefined> {
    const call = state(options);
    if (response.status !== 401 || call.refreshed || !this.#config.credentials.canRefresh) return undefined;
    call.refreshed = true;
    this.#logPending(call, 0);
    const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '');
    try {
      await this.#config.credentials.refresh(bearer);
    } catch (cause) {
      throw await this.#httpError(response, request, { cause, note: `the refresh hook failed: ${describeCause(cause)}` });
    }
    // The same call again (its body, request id and Idempotency-Key), now with the new token.
    try {
      return await this.#ky(call.path, call.kyOptions);
    } catch (error) {
      call.settled = true;
      throw await this.#toSdkError(error, call);
    }
  }

  /**
   * One attempt: the caller's fetch with a deadline that covers reading the body, whose text is
   * then handed to ky as a buffered Response. One promise rejects on the deadline or the caller's
   * abort even when a custom fetch ignores its signal.
   */
  async #attempt(request: Request, init: RequestInit | undefined, call: CallState): Promise<Response> {
    const signal = call.signal;
    const started = Date.now();
    const record = (outcome: { status?: number; error?: string }) => {
      if (this.#config.logger) call.pending = { started, ended: Date.now(), ...outcome, headers: request.headers, path: request.url.slice(this.#config.baseUrl.length) };
    };
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    const controller = new AbortController();
    let timedOut = false;
    let fetchBug: unknown;
    let onAbort: () => void = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await new Promise<{ response: Response; text: string }>((resolve, reject) => {
        onAbort = () => {
          controller.abort(signal?.reason);
          reject(new AbortError({ cause: signal?.reason }));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
          reject(new TimeoutError(call.timeout));
        }, call.timeout);
        const fetch = this.#config.fetch ?? globalThis.fetch;
        fetch(request, { ...init, signal: controller.signal }).then(
          (response) => response.text().then((text) => resolve({ response, text }), reject),
          (error: unknown) => {
            // Whatever a fetch throws that is not a network failure is a bug in it (a custom fetch).
            if (!isNetworkFailure(error) && !controller.signal.aborted) fetchBug = error;
            reject(error);
          },
        );
      });
      record({ status: answer.response.status });
      const { response, text } = answer;
      return new Response(nullBodyStatus(response.status) ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (cause) {
      if (signal?.aborted) throw new AbortError({ cause: signal.reason });
      const error = timedOut
        ? new TimeoutError(call.timeout)
        : fetchBug !== undefined
          ? new MedschedError(`the fetch threw: ${describeCause(fetchBug)}`, 'fetch_error', { cause: fetchBug })
          : new ConnectionError(`could not reach ${this.#config.baseUrl}: ${describeCause(cause)}`, { cause });
      record({ error: error.code });
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Logs the attempt that just ended, with the wait before the next one when one follows. */
  #logPending(call: CallState, retryInMs: number | undefined): void {
    const pending = call.pending;
    if (pending === undefined || this.#config.logger === undefined) return;
    call.pending = undefined;
    const headers: Record<string, string> = {};
    pending.headers.forEach((value, name) => (headers[name] = value));
    const entry: LogEntry = {
      type: 'attempt',
      operation: call.operation.id,
      method: call.operation.method,
      path: redactUrl(pending.path),
      status: pending.status,
      durationMs: pending.ended - pending.started,
      requestId: call.requestId,
      attempt: call.retryCount,
      headers: redactHeaders(headers),
    };
    if (pending.error !== undefined) entry.error = pending.error;
    if (retryInMs !== undefined) entry.retryInMs = retryInMs;
    this.#config.logger(entry);
  }

  /** What the caller sees of a failure: the SDK's own errors as they are, ky's HTTP errors as ApiErrors. */
  async #toSdkError(error: unknown, call: CallState): Promise<unknown> {
    if (call.signal?.aborted && !(error instanceof MedschedError)) return new AbortError({ cause: call.signal.reason });
    if (error instanceof HTTPError) return this.#httpError(error.response, error.request);
    return error;
  }

  async #httpError(response: Response, request: Request, options?: { cause?: unknown; note?: string }) {
    const text = await response.clone().text();
    const problem = Problem.safeParse(parseJson(text));
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return errorForStatus(
      {
        status: response.status,
        requestId: response.headers.get('x-request-id') ?? request.headers.get('x-request-id') ?? undefined,
        problem: problem.success ? problem.data : undefined,
        body: problem.success || text === '' ? undefined : text.slice(0, maxErrorBodyChars),
        headers: response.headers,
        method: request.method,
        path: redactUrl(request.url.slice(this.#config.baseUrl.length)),
        retryAfter: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
      },
      options,
    );
  }
}

/** The call's state, from ky's `context`. */
function state(options: KyOptions): CallState {
  return (options.context as { call: CallState }).call;
}

/** Header names in lower case, so that `X-Request-Id` and `x-request-id` are one header. */
export function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

const nullBodyStatus = (status: number) => status === 204 || status === 205 || status === 304;

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

/** Each path template split once into its text and parameter names: `['calendars/', 'calendarId', '']`. */
const pathParts = new Map<string, string[]>();

/** The path under the base URL, without its leading `/` (ky's `prefixUrl` adds it). */
function buildPath(template: string, params: Record<string, string> | undefined): string {
  let parts = pathParts.get(template);
  if (parts === undefined) {
    parts = template.slice(1).split(/\{(\w+)\}/);
    // client.request() paths are the caller's: keep only the catalogue's templates (a few dozen).
    if (pathParts.size < 256) pathParts.set(template, parts);
  }
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) path += encodeURIComponent(params?.[parts[i]!] ?? '') + parts[i + 1]!;
  return path;
}

/** Query values as ky's `searchParams`: undefined and null left out. */
function searchOf(query: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (query === undefined) return undefined;
  const out: Record<string, string> = {};
  let any = false;
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) {
      out[name] = String(value);
      any = true;
    }
  }
  return any ? out : undefined;
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
