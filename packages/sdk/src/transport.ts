/**
 * The SDK's transport: ky, and beside it only what ky cannot do.
 *
 * ky does, from one `ky.create()` per client: the base URL (`prefixUrl`), query strings
 * (`searchParams`), JSON bodies, the deadline of each attempt (`timeout`), the retry loop
 * (`limit`, `methods`, `statusCodes`, `afterStatusCodes` with `Retry-After`, `delay`, `jitter`,
 * `shouldRetry`), the caller's `signal` during the waits, a bearer token read for every attempt
 * (`beforeRequest`), the refresh after a 401 (`afterResponse`, then the call again, as ky's README
 * shows), and the injectable `fetch`.
 *
 * We add: a fetch that resolves only once the body is read (deadline-fetch.ts), so that ky's
 * per-attempt `timeout`, which ends when its fetch resolves, covers the body too; a total wait
 * budget per call (`maxWait`); refusing a `Retry-After` past `maxRetryAfter` (ky 1.x waits the
 * capped time instead); the logger's `attempt` and `retry-wait`
 * entries (ky's `beforeRetry` runs after the wait and does not see its length, so `shouldRetry`
 * computes it from what ky will use: the `Retry-After`, or our `delay` times the jitter it draws);
 * input and answer validation; request ids and Idempotency-Keys; the SDK's typed errors; no
 * redirect followed (`redirect: 'manual'`, a RedirectError: ky would let fetch follow it, and
 * Node's fetch keeps x-api-key across origins); each body read as a stream within
 * `maxResponseBytes` (bounded-body.ts: ky reads with `response.text()`, which has no bound).
 *
 * What ky merges per call is kept small (bench/sdk.mjs): ky deep-merges the instance's options
 * into every call's and normalizes the retry options again, so the retry policy, with
 * `shouldRetry` and `jitter`, is one object given to `ky.create()` (they find their call through
 * `callOf`, below), and the SDK's headers are set on the request ky made, in the SDK's fetch.
 */
import ky, { HTTPError, TimeoutError as KyTimeoutError, type Hooks, type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { attemptsUnderWay, callOf, drawnJitter, failedAttempts } from './attempt-calls.js';
import { logAttempt, logRetryWait } from './attempt-log.js';
import type { Credentials } from './auth.js';
import { finish, startCall, stateOf, type CallState } from './call-state.js';
import { parseJson, searchOf } from './call-input.js';
import { parserOf } from './compiled-schemas.js';
import { describeCause, fetchWithDeadline, rebuffered } from './deadline-fetch.js';
import { answerOrigin } from './bounded-body.js';
import { InvalidResponseError } from './answer-errors.js';
import { AbortError, ConnectionError, MedschedError, ResponseValidationError, TimeoutError } from './errors.js';
import { httpError } from './http-error.js';
import { kyRetryAfterMs, type RetryDelays } from './retry.js';
import { maxRateLimitedAnswers, type RatePacer } from './rate-pacer.js';
import type { Operation } from './schemas/operations.js';
import type { CallInput, CallResult, LoggerEntry, RequestOptions, RetryWaitReason } from './transport-types.js';
import { defaultUserAgent } from './user-agent.js';

export type * from './transport-types.js';
export { lowerCaseNames } from './call-input.js';

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
  /** Most bytes of an answer's body, after decompression. */
  maxResponseBytes: number;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch | undefined;
  logger: ((entry: LoggerEntry) => void) | undefined;
  /** Whether the client was given a `refreshToken` hook. */
  canRefresh: boolean;
  /** `rateLimit: 'wait'`: the client's pacing on the server's rate window; undefined by default. */
  pacer?: RatePacer | undefined;
}

/** ky's `timeout` for a deadline in milliseconds: ky refuses more than setTimeout can wait. */
function kyTimeout(ms: number): number {
  return Math.min(ms, 2_147_483_647);
}

/** Timeouts, rate limits and server failures: worth another try. */
const retryStatuses = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

export class Transport {
  readonly #config: TransportConfig;
  readonly #ky: KyInstance;
  /** Sent with every call, under the call's own headers. */
  readonly #headers: [string, string][];

  constructor(config: TransportConfig) {
    this.#config = config;
    const userAgent = defaultUserAgent();
    const { initialMs, maxMs } = config.retryDelays;
    // ky's hooks, only where they do something (ky awaits each hook, with a frozen copy of the
    // call's options): a bearer token read anew for every attempt, since a refresh may have
    // changed it, and the refresh after a 401 (ky clones every answer for each afterResponse hook).
    const hooks: Hooks = {};
    if (config.credentials.usesToken) hooks.beforeRequest = [(request) => config.credentials.addToken(request.headers)];
    if (config.canRefresh) hooks.afterResponse = [(request, options, response) => this.#refreshOn401(request, stateOf(options), response)];
    this.#headers = Object.entries({ accept: 'application/json', ...(userAgent !== undefined && { 'user-agent': userAgent }), ...config.headers });
    // oxlint-disable-next-line typescript/no-this-alias -- ky calls its hooks with its own this; they need the transport
    const transport = this;
    this.#ky = ky.create({
      prefixUrl: `${config.baseUrl}/`,
      // No redirect is followed: Node's fetch would carry x-api-key to another host, and an
      // Authorization header from https to http. A redirect answer becomes a RedirectError.
      redirect: 'manual',
      // Per attempt; ky's timer runs until its `fetch` resolves, and ours (fetchWithDeadline) resolves
      // only once the body is read, so the deadline covers the body too.
      timeout: kyTimeout(config.timeout),
      retry: {
        // ky normalizes this object again for every call, key by key: its default limit (2) is left to it.
        ...(config.maxRetries !== 2 && { limit: config.maxRetries }),
        // Every method: creates carry an Idempotency-Key, so a retry is answered with the first answer.
        methods: ['get', 'post', 'patch', 'put', 'delete'],
        statusCodes: retryStatuses,
        afterStatusCodes: retryStatuses,
        // `delay` is capped at maxMs and our jitter only shortens it, so ky's `backoffLimit` would
        // change nothing; `shouldRetry` refuses a Retry-After past maxRetryAfter and decides on
        // timeouts, so `maxRetryAfter` and `retryOnTimeout` are left out too.
        delay: (retryCount) => Math.min(maxMs, initialMs * 2 ** (retryCount - 1)),
        jitter(this: unknown, delay: number) {
          return Math.round(delay * ((typeof this === 'object' && this !== null && drawnJitter.get(this)) || 1));
        },
        shouldRetry(this: unknown, state: { error: Error; retryCount: number }) {
          return transport.#shouldRetry(state.error, state.retryCount, typeof this === 'object' && this !== null ? this : undefined);
        },
      },
      ...(hooks.beforeRequest || hooks.afterResponse ? { hooks } : {}),
    });
  }

  async call<O extends Operation>(operation: O, input: CallInput, options: RequestOptions = {}): Promise<CallResult<z.infer<O['response']>>> {
    const { call, body, query } = startCall(operation, input, options, this.#config);
    const requestId = call.requestId;
    const attemptOptions = { timeout: call.timeout, signal: options.signal, baseUrl: this.#config.baseUrl, maxBytes: this.#config.maxResponseBytes };
    const { logger, canRefresh } = this.#config;
    call.kyOptions = {
      method: operation.method,
      fetch: (input, init) => {
        const request = input as Request; // ky always hands fetch a Request
        this.#addHeaders(request.headers, call);
        if (call.request !== undefined) attemptsUnderWay.delete(call.request);
        attemptsUnderWay.set((call.request = request), call);
        call.retryCount = call.attempts++;
        // The attempt's log entry, completed with its outcome (or by logAttempt, when ky's timeout ended it first).
        const entry = logger && (call.pending = { started: Date.now(), headers: request.headers, path: request.url.slice(this.#config.baseUrl.length) });
        return fetchWithDeadline(this.#config.fetch ?? globalThis.fetch, request, init, attemptOptions).then(
          ({ response, text }) => {
            if (entry) finish(entry, { status: response.status });
            this.#config.pacer?.observe(response.headers);
            call.text = text;
            // The answer ky gets has its body read already (the text is kept in `call`), unless an
            // afterResponse hook (the refresh) will clone it: rebuilding it costs ~30 us a call.
            const answer = canRefresh ? rebuffered(response, text) : response;
            if (!answer.ok) failedAttempts.set(answer, call);
            return answer;
          },
          (error: MedschedError) => {
            if (entry) finish(entry, { error: error.code });
            failedAttempts.set(error, call);
            throw error;
          },
        );
      },
    };
    // Added only when set: spreads in an object literal take V8's slow path, on every call.
    const kyOptions = call.kyOptions;
    if (canRefresh) kyOptions.context = { call }; // the refresh hook reads the call from ky's options
    if (options.maxRetries !== undefined) kyOptions.retry = { limit: options.maxRetries };
    if (options.timeout !== undefined) kyOptions.timeout = kyTimeout(options.timeout);
    if (options.signal) kyOptions.signal = options.signal;
    if (body !== undefined) kyOptions.json = body;
    const search = input.search ?? searchOf(query);
    if (search !== undefined) kyOptions.searchParams = search;

    let response: Response;
    const pacer = this.#config.pacer;
    try {
      response = pacer === undefined ? await this.#ky(call.path, call.kyOptions) : await this.#pacedSend(call, pacer);
    } catch (error) {
      const failure = this.#sdkError(error, call);
      logAttempt(this.#config.logger, call, undefined, failure);
      throw failure;
    } finally {
      if (call.request !== undefined) attemptsUnderWay.delete(call.request);
    }
    logAttempt(this.#config.logger, call, undefined);
    const answerId = response.headers.get('x-request-id') ?? requestId;
    const json = parseJson(call.text);
    // A body that is not JSON (parseJson hands it back as it came) is said so, not validated as a string.
    if (typeof json === 'string' && call.text === json) {
      const origin = { ...answerOrigin(response, call.request!, this.#config.baseUrl), requestId: answerId };
      throw new InvalidResponseError(origin, response.headers.get('content-type') ?? undefined, call.text);
    }
    let data = json;
    if (options.validateResponse ?? this.#config.validateResponses) {
      const parsed = parserOf(operation.response).safeParse(json);
      if (!parsed.success) throw new ResponseValidationError(operation.id, parsed.error.issues, { status: response.status, requestId: answerId, body: json });
      data = parsed.data;
    }
    return { data: data as z.infer<O['response']>, status: response.status, headers: response.headers, requestId: answerId };
  }

  /**
   * The SDK's headers, on each attempt's request as it reaches the SDK's fetch: the client's, the
   * call's own over them, its request id and Idempotency-Key, the API key. Set on the request ky
   * made, where the attempt is also logged, rather than given to ky: its `headers` option copies
   * them through several Headers objects on every call, checking every value each time, and a
   * beforeRequest hook is awaited with a frozen copy of the call's options; together about a
   * tenth of a local call (bench/sdk.mjs). A bearer token, set by the beforeRequest hook before
   * this, is kept over an `authorization` header of the client's or the call's, as credentials
   * always were.
   */
  #addHeaders(headers: Headers, call: CallState): void {
    const token = headers.get('authorization');
    for (const [name, value] of this.#headers) headers.set(name, value);
    if (call.headers !== undefined) for (const name in call.headers) headers.set(name, call.headers[name]!);
    if (token !== null) headers.set('authorization', token);
    headers.set('x-request-id', call.requestId);
    if (call.idempotencyKey !== undefined) headers.set('idempotency-key', call.idempotencyKey);
    this.#config.credentials.addApiKey(headers);
  }

  /**
   * ky's `shouldRetry`: our decision for the call's failed attempt, and the wait logged before ky
   * takes it (`retryOptions`: ky's retry options of the call, where the jitter drawn is kept).
   */
  #shouldRetry(error: Error, retryCount: number, retryOptions: object | undefined): boolean | undefined {
    const call = callOf(error);
    if (call === undefined) return false; // not an attempt's failure (a hook threw): no other try
    const { initialMs, maxMs } = this.#config.retryDelays;
    const status = error instanceof HTTPError ? error.response.status : undefined;
    const timedOut = error instanceof KyTimeoutError || error instanceof TimeoutError;
    const retryable = status !== undefined ? retryStatuses.includes(status) : timedOut || (error instanceof ConnectionError && !(error instanceof AbortError));
    if (call.settled || !retryable) return false; // an abort, a bug in a custom fetch, a 4xx: no other try
    if (status === 429 && this.#config.pacer !== undefined) return false; // waited out by #pacedSend, however long
    const retryAfter = error instanceof HTTPError ? kyRetryAfterMs(error.response.headers) : undefined;
    if (retryAfter === null || (retryAfter !== undefined && retryAfter > this.#config.maxRetryAfterMs)) return false;
    const jitter = retryOptions === undefined ? 1 : 0.75 + Math.random() * 0.25;
    const ms = retryAfter ?? Math.round(Math.min(maxMs, initialMs * 2 ** (retryCount - 1)) * jitter);
    if (call.waitedMs + ms > call.maxWaitMs) return false;
    if (retryOptions !== undefined) drawnJitter.set(retryOptions, jitter);
    call.waitedMs += ms;
    const reason: RetryWaitReason = status === 429 ? 'rate_limited' : status === 408 ? 'request_timeout' : status !== undefined ? 'server_error' : timedOut ? 'timeout' : 'connection_error';
    const path = call.pending?.path ?? ''; // read before the attempt's entry is logged (and cleared)
    logAttempt(this.#config.logger, call, ms, error);
    logRetryWait(this.#config.logger, call, { path, ms, reason, attempt: retryCount, status, totalWaitMs: call.waitedMs });
    // An answer: ky goes on as computed above (the Retry-After, else `delay` with our jitter).
    // No answer (a timeout, a connection error): `true`, ky's `delay` with our jitter.
    return status === undefined ? true : undefined;
  }

  /**
   * `rateLimit: 'wait'`: each send waits while the server's window is spent, and a 429 is waited
   * out (its Retry-After, past `maxRetryAfter` and `maxWait` too) and sent again, with the same
   * request id and Idempotency-Key, up to {@link maxRateLimitedAnswers} times.
   */
  async #pacedSend(call: CallState, pacer: RatePacer): Promise<Response> {
    let totalWaitMs = 0;
    for (let limited = 1; ; limited++) {
      totalWaitMs += await pacer.ready(call.signal);
      try {
        return await this.#ky(call.path, call.kyOptions);
      } catch (error) {
        if (!(error instanceof HTTPError) || error.response.status !== 429 || call.settled || limited > maxRateLimitedAnswers) throw error;
        const ms = kyRetryAfterMs(error.response.headers) ?? 1_000;
        pacer.blockFor(ms);
        totalWaitMs += ms;
        logAttempt(this.#config.logger, call, ms, error);
        logRetryWait(this.#config.logger, call, { path: call.path, ms, reason: 'rate_limited', attempt: call.attempts, status: 429, totalWaitMs });
      }
    }
  }

  /** `afterResponse`: one refresh after a 401 to a bearer request, then the same call with the new token (not a retry). */
  async #refreshOn401(request: Request, call: CallState, response: Response): Promise<Response | undefined> {
    if (response.status !== 401 || call.refreshed || !this.#config.credentials.canRefresh) return undefined;
    call.refreshed = true;
    logAttempt(this.#config.logger, call, 0);
    call.attempts = call.retryCount; // the request sent again after a refresh is not a retry
    try {
      await this.#config.credentials.refresh(request.headers.get('authorization')?.replace(/^Bearer /, ''));
    } catch (cause) {
      throw httpError(response, call.text, call.request ?? request, this.#config.baseUrl, { cause, note: `the refresh hook failed: ${describeCause(cause)}` });
    }
    try {
      return await this.#ky(call.path, call.kyOptions);
    } catch (error) {
      call.settled = true;
      throw this.#sdkError(error, call);
    }
  }

  /** What the caller sees of a failure: the SDK's own errors as they are, ky's HTTP errors as ApiErrors. */
  #sdkError(error: unknown, call: CallState): unknown {
    if (call.signal?.aborted && !(error instanceof MedschedError)) return new AbortError({ cause: call.signal.reason });
    if (error instanceof KyTimeoutError) return new TimeoutError(call.timeout);
    // The request the SDK's fetch sent (ky's error carries the copy it keeps for a retry, made before the SDK's headers were set).
    return error instanceof HTTPError ? httpError(error.response, call.text, call.request ?? error.request, this.#config.baseUrl) : error;
  }
}
