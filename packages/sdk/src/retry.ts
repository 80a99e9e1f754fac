/** Back-off settings; the defaults suit a server under load, tests may shorten them. */
export interface RetryDelays {
  /** First wait, doubled on each retry. Default 500 ms. */
  initialMs: number;
  /** Longest computed wait. Default 8 s. */
  maxMs: number;
}

export const defaultRetryDelays: RetryDelays = { initialMs: 500, maxMs: 8_000 };

/** `Retry-After` in milliseconds (delay-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
