import { readBounded, redirectOf } from './bounded-body.js';
import { AbortError, ConnectionError, MedschedError, TimeoutError } from './errors.js';

/** What one attempt needs besides the request. */
export interface AttemptOptions {
  /** Milliseconds for the attempt, reading the body included (ky's `timeout`; named in a TimeoutError). */
  timeout: number;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
  /** Named in a ConnectionError: the server that could not be reached. */
  baseUrl: string;
  /** Most bytes of a body read, after decompression (the client's `maxResponseBytes`). */
  maxBytes: number;
}

/**
 * One attempt, as the `fetch` ky calls: the caller's fetch, resolving only once the body is read
 * as text (the response itself is then consumed: `rebuffered()` makes a readable copy where one is
 * needed). ky's `timeout` runs until its `fetch` resolves, so the deadline then covers the body
 * too: a server that stalls mid-body is aborted through ky's own AbortController, which ky gives
 * the request, and ky rejects with its TimeoutError at the deadline even when a custom fetch
 * ignores the signal. A second AbortController and timer per attempt (as before) cost a
 * measurable share of a local call (bench/sdk.mjs). The caller's abort is raced here for the same
 * reason, only when a signal was given. Failures become the SDK's errors: AbortError,
 * TimeoutError, ConnectionError, or `fetch_error` for a bug inside a custom fetch; a redirect
 * (never followed) is a RedirectError, a body past `maxBytes` a ResponseTooLargeError.
 */
export function fetchWithDeadline(fetch: typeof globalThis.fetch, request: Request, init: RequestInit | undefined, options: AttemptOptions): Promise<{ response: Response; text: string }> {
  const { signal } = options;
  if (signal === undefined) return fetchAndRead(fetch, request, init, options);
  if (signal.aborted) return Promise.reject(new AbortError({ cause: signal.reason }));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AbortError({ cause: signal.reason }));
    signal.addEventListener('abort', onAbort, { once: true });
    fetchAndRead(fetch, request, init, options)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function fetchAndRead(fetch: typeof globalThis.fetch, request: Request, init: RequestInit | undefined, options: AttemptOptions): Promise<{ response: Response; text: string }> {
  let fetched: Promise<Response>;
  try {
    fetched = fetch(request, init);
  } catch (error) {
    // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- hands on exactly what fetch threw, as an awaited fetch would
    fetched = Promise.reject(error);
  }
  return fetched.then(
    (response) => {
      const redirect = redirectOf(response, request, options.baseUrl);
      if (redirect !== undefined) {
        response.body?.cancel().catch(() => {});
        return Promise.reject(redirect);
      }
      return readBounded(response, request, options.baseUrl, options.maxBytes).then(
        (text) => ({ response, text }),
        (cause: unknown) => Promise.reject(cause instanceof MedschedError ? cause : attemptError(cause, request, options, response.status)),
      );
    },
    (cause: unknown) => Promise.reject(attemptError(cause, request, options, undefined)),
  );
}

/** What a failed attempt is to the caller; `answered`: the status of an answer whose body failed (undefined: the fetch itself failed). */
function attemptError(cause: unknown, request: Request, options: AttemptOptions, answered: number | undefined): MedschedError {
  const fromFetch = answered === undefined;
  if (options.signal?.aborted) return new AbortError({ cause: options.signal.reason });
  // ky aborts the signal it gave the request when its timeout passes (the caller's abort is above).
  if (request.signal?.aborted) return new TimeoutError(options.timeout);
  // Whatever a fetch throws that is not a network failure is a bug in it (a custom fetch).
  if (fromFetch && !isNetworkFailure(cause)) return new MedschedError(`the fetch threw: ${describeCause(cause)}`, 'fetch_error', { cause });
  const requestId = request.headers.get('x-request-id') ?? undefined;
  const reference = requestId === undefined ? '' : ` (request ${requestId})`;
  if (!fromFetch) {
    return new ConnectionError(
      `the answer from ${options.baseUrl} (status ${answered}) was cut after its headers: ${describeCause(cause)}; the server had answered, so it acted on the request${reference}`,
      { cause, requestId, phase: 'body' },
    );
  }
  return new ConnectionError(`could not reach ${options.baseUrl}: ${describeCause(cause)}${reference}`, { cause, requestId, phase: 'connect' });
}

/** A readable copy of a consumed response, from its text (ky's afterResponse hooks clone what they get). */
export function rebuffered(response: Response, text: string): Response {
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(empty ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Names of the errors that only a bug throws (in a custom fetch, or in code it calls).
 * Compared by name, not `instanceof`: Jest runs tests in another realm than Node's own fetch,
 * and there an undici TypeError is not an `instanceof TypeError` of the test's globals.
 */
const programmingErrorNames = new Set(['ReferenceError', 'SyntaxError', 'RangeError', 'EvalError', 'URIError']);

/**
 * Whether what a fetch threw is a network failure. Runtimes do not agree on its shape: a
 * TypeError in Node ("fetch failed", with ECONNREFUSED… as its cause's code), Chromium ("Failed
 * to fetch"), Firefox ("NetworkError…") and Safari ("Load failed"); a plain Error in Cloudflare's
 * workerd ("Network connection lost."); a DOMException elsewhere. So, as openai-node does,
 * anything error-shaped a fetch throws counts, except the errors only a bug throws and what is
 * not an error at all (a string thrown by a custom fetch): those are `fetch_error`, not retried.
 * The caller's abort and the SDK's own timeout are told apart before this is asked.
 */
function isNetworkFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return typeof name === 'string' && typeof message === 'string' && !programmingErrorNames.has(name);
}

/** An error's message with the system code of its cause, e.g. `fetch failed (ECONNREFUSED)`. */
export function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: { code?: string } }).cause?.code;
    return inner ? `${cause.message} (${inner})` : cause.message;
  }
  return String(cause);
}
