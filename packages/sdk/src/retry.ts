/** Statuses worth another try: timeouts, rate limits and server failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Back-off settings; the defaults suit a server under load, tests may shorten them. */
export interface RetryDelays {
  /** First wait, doubled on each retry. Default 500 ms. */
  initialMs: number;
  /** Longest computed wait. Default 8 s. */
  maxMs: number;
}

export const defaultRetryDelays: RetryDelays = { initialMs: 500, maxMs: 8_000 };

/**
 * Exponential back-off with jitter: the nth retry waits between 75% and 100% of
 * `initialMs * 2^n`, capped, so clients that failed together do not return together.
 */
export function backoffMs(retry: number, delays: RetryDelays): number {
  const base = Math.min(delays.maxMs, delays.initialMs * 2 ** retry);
  return Math.round(base * (0.75 + Math.random() * 0.25));
}

/** `Retry-After` in milliseconds (delay-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
