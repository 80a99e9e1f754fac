import { ProblemError } from '../operation/problems.js';
import { FixedWindows } from './fixed-windows.js';

export interface FailedAuthenticationLimitOptions {
  /** Failed authentications allowed per client and window. */
  limit: number;
  windowSeconds: number;
}

/** 30 failures a minute: far above a person mistyping, far below a guessing script. */
export const defaultFailedAuthenticationLimit: FailedAuthenticationLimitOptions = { limit: 30, windowSeconds: 60 };

/** Clients tracked at most; beyond it expired windows are dropped first (memory stays bounded). */
const maxClients = 10_000;

/**
 * Slows down credential guessing: a client (the peer address, where the binding knows one)
 * with too many failed authentications in a window gets 429 with `Retry-After` before its
 * credential is even looked at, until the window ends. Successful requests are not counted.
 */
export class FailedAuthenticationLimit {
  readonly #failures: FixedWindows;

  constructor(private readonly options: FailedAuthenticationLimitOptions) {
    this.#failures = new FixedWindows(options.windowSeconds * 1000, maxClients);
  }

  /** Throws 429 while the client is over its limit. */
  check(client: string, now: number): void {
    const window = this.#failures.current(client, now);
    if (window && window.count >= this.options.limit) {
      const retryAfter = this.#failures.secondsLeft(window, now);
      throw new ProblemError('rate_limited', `too many failed authentications from this client (${this.options.limit} in ${this.options.windowSeconds} s); retry after ${retryAfter} s with a valid credential`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  /** Counts a failed authentication of the client. */
  noteFailure(client: string, now: number): void {
    this.#failures.count(client, now);
  }
}
