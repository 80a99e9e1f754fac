import type { Caller } from './caller.js';
import { ProblemError } from '../operation/problems.js';

export interface RateLimitOptions {
  /** Requests allowed per credential and window. */
  limit: number;
  windowSeconds: number;
}

/**
 * A fixed-window limit per credential, off unless configured, so that clients can test their
 * back-off: 429 with `Retry-After` and the `RateLimit-*` fields.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {}

  /** Counts the request; returns the headers to send, or throws 429. */
  take(caller: Caller, now: number): Record<string, string> {
    const key = caller.credential.kind === 'api-key' ? `key:${caller.credential.keyId}` : `sub:${caller.credential.subject}`;
    const windowMs = this.options.windowSeconds * 1000;
    let window = this.#windows.get(key);
    if (!window || now - window.start >= windowMs) this.#windows.set(key, (window = { start: now, count: 0 }));
    window.count += 1;
    const reset = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    const headers = {
      'ratelimit-limit': String(this.options.limit),
      'ratelimit-remaining': String(Math.max(0, this.options.limit - window.count)),
      'ratelimit-reset': String(reset),
    };
    if (window.count > this.options.limit) {
      throw new ProblemError('rate_limited', `more than ${this.options.limit} requests in ${this.options.windowSeconds} s; retry after ${reset} s`, {
        headers: { ...headers, 'retry-after': String(reset) },
      });
    }
    return headers;
  }
}
