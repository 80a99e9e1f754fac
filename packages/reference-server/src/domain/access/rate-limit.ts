import { credentialKey, type Caller } from './caller.js';
import { ProblemError } from '../operation/problems.js';
import { FixedWindows } from './fixed-windows.js';

export interface RateLimitOptions {
  /** Requests allowed per credential and window. */
  limit: number;
  windowSeconds: number;
}

/** Credentials tracked at most; past it ended windows go first, then the oldest (memory stays bounded). */
const maxCredentials = 100_000;

/**
 * A fixed-window limit per credential, off unless configured, so that clients can test their
 * back-off: 429 with `Retry-After` and the `RateLimit-*` fields.
 */
export class RateLimiter {
  readonly #requests: FixedWindows;

  constructor(private readonly options: RateLimitOptions) {
    this.#requests = new FixedWindows(options.windowSeconds * 1000, maxCredentials);
  }

  /** Counts the request; returns the headers to send, or throws 429. */
  take(caller: Caller, now: number): Record<string, string> {
    // drop-oldest: a window always comes back.
    const window = this.#requests.count(credentialKey(caller), now)!;
    const reset = this.#requests.secondsLeft(window, now);
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
