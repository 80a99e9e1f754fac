/**
 * The client without its resource groups: the options, the transport and `request()`. A program
 * that calls a few operations builds one and hands it to the resource groups it uses
 * (`new Calendars(client)`, from `@medsched/sdk/calendars`), so that a bundler leaves out the
 * others; `createClient()` (client.ts) is this with every group attached.
 */
import { ApiPromise } from './api-promise.js';
import { Credentials, type TokenSource } from './auth.js';
import { MedschedError } from './errors.js';
import { defaultRetryDelays, type RetryDelays } from './retry.js';
import { RatePacer, systemClock, type Clock } from './rate-pacer.js';
import type { HttpMethod, Operation } from './schemas/operation.js';
import type { StandardSchema } from './standard-schema.js';
import { lowerCaseNames, Transport, type CreateRequestOptions, type LoggerEntry } from './transport.js';

/** A request the SDK does not wrap yet, for `client.request()`. */
export interface RawRequest<S extends StandardSchema | undefined = undefined> {
  method: HttpMethod;
  /** Path under the base URL, starting with `/`, e.g. `/calendars/` (ids already in it); it may carry a query string. */
  path: string;
  /** Query parameters, added to any in `path`; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body. */
  body?: unknown;
  /** A schema (zod or any `safeParse`-able) to check and type the answer with; without one the answer is `unknown`. */
  response?: S;
}

/** The type of the answer `client.request()` resolves to. */
export type RawResponse<S> = S extends StandardSchema<infer T> ? T : unknown;

export interface ClientOptions {
  /** The API's base address, ending in `/v1`, e.g. `http://127.0.0.1:4010/v1`. */
  baseUrl: string;
  /** An API key, sent as `x-api-key`. */
  apiKey?: string | undefined;
  /** A bearer token or a function returning the current one, sent as `Authorization: Bearer`. */
  token?: TokenSource | undefined;
  /** Called once when a bearer request gets 401; the request is retried with the token it returns. */
  refreshToken?: (() => string | Promise<string>) | undefined;
  /** Milliseconds for one attempt, reading the body included. Default 30 000. */
  timeout?: number;
  /**
   * Retries after connection errors, timeouts, 408, 429 and 5xx. Default 2. Creates are retried
   * too: they carry an `Idempotency-Key`, so the server answers a retry with the first answer.
   */
  maxRetries?: number;
  /** Longest `Retry-After` to wait for, in milliseconds; a longer one raises `RateLimitError` at once. Default 60 000. */
  maxRetryAfter?: number;
  /**
   * Longest total wait between the attempts of one call, in milliseconds: a retry whose wait would
   * pass it is not made, and the last error is thrown at once. Default 30 000.
   */
  maxWait?: number;
  /**
   * What to do about the server's rate limit. `'fail'` (the default): a 429 is retried within
   * `maxRetries`, `maxRetryAfter` and `maxWait`, then raised as `RateLimitError`. `'wait'`, for
   * batch jobs that would rather wait than fail: no request is sent while the server's window is
   * spent (`RateLimit-Remaining: 0`, until `RateLimit-Reset`), and a 429 is waited out, its
   * `Retry-After` however long, and sent again (up to 10 times a call), so that a job under a
   * 200-a-minute limit finishes, slower, with few or no 429s. Abort with a `signal` to stop waiting.
   */
  rateLimit?: 'fail' | 'wait';
  /** The clock the client waits by with `rateLimit: 'wait'` (`now()`, `sleep(ms, signal)`); default the real one. For tests. */
  clock?: Clock;
  /** Back-off between retries. Default: 500 ms doubling up to 8 s, with jitter. */
  retryDelays?: Partial<RetryDelays>;
  /** Check every answer against the contract. Default true. */
  validateResponses?: boolean;
  /**
   * Check every input against the contract before sending. Default true. Turn it off (here or per
   * call with `validateRequest: false`) when the server knows fields or values this SDK does not.
   */
  validateRequests?: boolean;
  /**
   * Most bytes of an answer's body, counted after decompression; past it the SDK stops reading
   * and throws `ResponseTooLargeError` (not retried). Default 256 MiB: a page of 100,000
   * calendar entries, the most the API lists at once, measured 40.8 MB on the reference server.
   */
  maxResponseBytes?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** A fetch implementation (default: the global one); called as `fetch(url, init)`. */
  fetch?: typeof globalThis.fetch;
  /**
   * Sees each attempt (`type: 'attempt'`: method, path, status, duration; credentials redacted) and
   * each wait before a retry (`type: 'retry-wait'`: `ms`, `reason`, `attempt`). Narrow on `entry.type`.
   * (Declared as a method so that a logger written for attempts only still type-checks.)
   */
  logger?(entry: LoggerEntry): void;
}

/** Each client's transport, for the resource groups built on it (kept off the client, where `console.log` would show it). */
const transports = new WeakMap<MedschedBaseClient, Transport>();

/** The client of each transport: resource groups built on a transport send through its client's functions. */
const clients = new WeakMap<Transport, MedschedBaseClient>();

/** The client a resource group was given, or the client of the transport it was given. */
export function clientOf(source: MedschedBaseClient | Transport): MedschedBaseClient {
  return source instanceof Transport ? clients.get(source)! : source;
}

/** The transport of a client, or the transport itself (what `createClient()` builds its resource groups with). */
export function transportOf(source: MedschedBaseClient | Transport): Transport {
  if (source instanceof Transport) return source;
  const transport = transports.get(source);
  if (transport === undefined) {
    throw new MedschedError(
      'a resource group needs a client from createBaseClient() or createClient() of the same copy of @medsched/sdk, e.g. new Calendars(createBaseClient({ baseUrl, apiKey }))',
      'invalid_options',
    );
  }
  return transport;
}

/**
 * The medsched API without resource groups: credentials, retries, validation, errors, and
 * `request()`. Give it to the resource groups you use: `new Calendars(client)`.
 * @example
 * import { createBaseClient } from '@medsched/sdk/core';
 * import { Calendars } from '@medsched/sdk/calendars';
 * const calendars = new Calendars(createBaseClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'msk_…' }));
 * const page = await calendars.list({ limit: 20 });
 */
export class MedschedBaseClient {
  /** The base address requests go to. */
  readonly baseUrl: string;
  readonly #transport: Transport;

  constructor(options: ClientOptions) {
    if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
      throw new MedschedError('createClient needs a baseUrl such as http://127.0.0.1:4010/v1', 'invalid_options');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (options.rateLimit !== undefined && options.rateLimit !== 'fail' && options.rateLimit !== 'wait') {
      throw new MedschedError(`rateLimit must be 'fail' (the default) or 'wait', got ${JSON.stringify(options.rateLimit)}`, 'invalid_options');
    }
    const transport = new Transport({
      baseUrl: this.baseUrl,
      credentials: new Credentials(options),
      timeout: options.timeout ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterMs: options.maxRetryAfter ?? 60_000,
      maxWaitMs: options.maxWait ?? 30_000,
      retryDelays: { ...defaultRetryDelays, ...options.retryDelays },
      validateResponses: options.validateResponses ?? true,
      validateRequests: options.validateRequests ?? true,
      maxResponseBytes: responseLimit(options.maxResponseBytes),
      headers: lowerCaseNames(options.headers) ?? {},
      fetch: options.fetch,
      logger: options.logger?.bind(options),
      canRefresh: options.refreshToken !== undefined,
      pacer: options.rateLimit === 'wait' ? new RatePacer(options.clock ?? systemClock) : undefined,
    });
    this.#transport = transport;
    transports.set(this, transport);
    clients.set(transport, this);
  }

  /**
   * Sends a request the SDK does not wrap yet, with everything the wrapped calls get: credentials,
   * refresh, request id, User-Agent, retries within the wait budget, an Idempotency-Key on POST.
   * @example
   * const Entry = z.object({ id: z.string() });
   * const { data, status } = await client.request({ method: 'GET', path: `/calendars/${id}`, response: Entry }).withResponse();
   */
  request<S extends StandardSchema | undefined = undefined>(request: RawRequest<S>, options?: CreateRequestOptions): ApiPromise<RawResponse<S>> {
    if (!request.path.startsWith('/')) throw new MedschedError(`client.request() needs a path under the base URL starting with /, got ${request.path}`, 'invalid_options');
    const queryStart = request.path.indexOf('?');
    const path = queryStart === -1 ? request.path : request.path.slice(0, queryStart);
    // The path's own query string, then the query object's parameters: one query string.
    const search = new URLSearchParams(queryStart === -1 ? '' : request.path.slice(queryStart + 1));
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined && value !== null) search.append(name, String(value));
    const operation: Operation = {
      id: `request ${request.method} ${request.path}`,
      method: request.method,
      // Braces would be read as path parameters; the caller's path is sent as given.
      path: path.replace(/[{}]/g, encodeURIComponent),
      summary: 'low-level request',
      response: (request.response ?? anything) as Operation['response'],
      status: 200,
      // POST creates (it gets an Idempotency-Key, and is then retried); the other methods may be repeated.
      idempotent: request.method !== 'POST',
    };
    const input = search.size > 0 ? { body: request.body, search } : { body: request.body };
    return new ApiPromise(this.#transport.call(operation, input, { ...options, validateRequest: false })) as ApiPromise<RawResponse<S>>;
  }
}

/** The default of `maxResponseBytes`: a page of 100,000 entries several times over, far below what a JavaScript string can hold. */
export const defaultMaxResponseBytes = 256 * 1024 * 1024;

/** The body limit of a client's options, checked: a positive whole number of bytes. */
function responseLimit(value: number | undefined): number {
  if (value === undefined) return defaultMaxResponseBytes;
  if (!Number.isSafeInteger(value) || value < 1) throw new MedschedError(`maxResponseBytes must be a positive whole number of bytes, got ${String(value)}`, 'invalid_options');
  return value;
}

/** Accepts any answer: `client.request()` without a response schema. */
const anything: StandardSchema = { safeParse: (value) => ({ success: true, data: value }) };

/**
 * Creates a client without resource groups, for bundles that should carry only the operations
 * they call: hand it to the groups you use (`new Calendars(client)`).
 * @example
 * const client = createBaseClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: process.env.MEDSCHED_API_KEY });
 * const calendars = new Calendars(client);
 */
export function createBaseClient(options: ClientOptions): MedschedBaseClient {
  return new MedschedBaseClient(options);
}
