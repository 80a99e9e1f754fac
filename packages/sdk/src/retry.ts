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

/** The headers ky reads, in its order, for the wait before a retry (`Retry-After` and its rate-limit stand-ins). */
const waitHeaders = ['retry-after', 'ratelimit-reset', 'x-ratelimit-retry-after', 'x-ratelimit-reset', 'x-rate-limit-reset'];

/**
 * The wait ky 1.x takes from an answer before retrying, in milliseconds, or undefined when the
 * answer names none: so that the SDK's budget check and its `retry-wait` entry see ky's own wait.
 * A number of seconds, a number large enough to be a Unix time, or an HTTP date; null for a value
 * that is none of these (ky would then wait its longest `maxRetryAfter`; the SDK does not retry).
 */
export function kyRetryAfterMs(headers: Headers, now = Date.now()): number | null | undefined {
  let value: string | null = null;
  for (const name of waitHeaders) if ((value = headers.get(name)) !== null) break;
  if (!value) return undefined;
  let after = Number(value) * 1000;
  if (Number.isNaN(after)) after = Date.parse(value) - now;
  else if (after >= Date.parse('2024-01-01')) after -= now;
  return Number.isNaN(after) ? null : Math.max(0, Math.round(after));
}
