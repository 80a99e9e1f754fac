import { AbortError, ConnectionError, MedschedError, TimeoutError } from './errors.js';

/** What one attempt needs besides the request. */
export interface AttemptOptions {
  /** Milliseconds for the attempt, reading the body included. */
  timeout: number;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
  /** Named in a ConnectionError: the server that could not be reached. */
  baseUrl: string;
}

/**
 * One attempt, as the `fetch` ky calls: the caller's fetch under a deadline that covers reading
 * the body (ky's `timeout` ends with the headers, so a server that stalls mid-body would hang
 * us), with the body read as text (the response itself is then consumed: `rebuffered()` makes a
 * readable copy where one is needed). One promise rejects on the deadline or the caller's abort
 * even when a custom fetch ignores its signal. Failures become the SDK's errors: AbortError,
 * TimeoutError, ConnectionError, or `fetch_error` for a bug inside a custom fetch.
 */
export async function fetchWithDeadline(fetch: typeof globalThis.fetch, request: Request, init: RequestInit | undefined, options: AttemptOptions): Promise<{ response: Response; text: string }> {
  const { signal, timeout } = options;
  if (signal?.aborted) throw new AbortError({ cause: signal.reason });
  const controller = new AbortController();
  let timedOut = false;
  let fetchBug: unknown;
  let onAbort: () => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<{ response: Response; text: string }>((resolve, reject) => {
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
      fetch(request, { ...init, signal: controller.signal }).then(
        (response) => response.text().then((text) => resolve({ response, text }), reject),
        (error: unknown) => {
          // Whatever a fetch throws that is not a network failure is a bug in it (a custom fetch).
          if (!isNetworkFailure(error) && !controller.signal.aborted) fetchBug = error;
          reject(error);
        },
      );
    });
  } catch (cause) {
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    if (timedOut) throw new TimeoutError(timeout);
    if (fetchBug !== undefined) throw new MedschedError(`the fetch threw: ${describeCause(fetchBug)}`, 'fetch_error', { cause: fetchBug });
    throw new ConnectionError(`could not reach ${options.baseUrl}: ${describeCause(cause)}`, { cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A readable copy of a consumed response, from its text (ky's afterResponse hooks clone what they get). */
export function rebuffered(response: Response, text: string): Response {
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(empty ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
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

/** An error's message with the system code of its cause, e.g. `fetch failed (ECONNREFUSED)`. */
export function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: { code?: string } }).cause?.code;
    return inner ? `${cause.message} (${inner})` : cause.message;
  }
  return String(cause);
}
