import { ProblemError } from '../operation/problems.js';
import { FixedWindows } from './fixed-windows.js';

export interface FailedAuthenticationLimitOptions {
  /** Failed authentications allowed per client and window. */
  limit: number;
  windowSeconds: number;
}

/** 30 failures a minute: far above a person mistyping, far below a guessing script. */
export const defaultFailedAuthenticationLimit: FailedAuthenticationLimitOptions = { limit: 30, windowSeconds: 60 };

/** Clients tracked at most, each with its own window (memory stays bounded). */
export const defaultMaxClients = 10_000;

/**
 * Slows down credential guessing: a client (the peer address, where the binding knows one)
 * with too many failed authentications in a window gets 429 with `Retry-After` before its
 * credential is even looked at, until the window ends. Successful requests are not counted.
 *
 * A running window is never forgotten to make room (else a guesser with many addresses could
 * wash its own window out): once `maxClients` addresses have running windows, every further
 * address counts in one shared overflow window with the same limit, until windows end. Under
 * such a flood, new addresses can be refused for the rest of a window; tracked ones are not.
 */
export class FailedAuthenticationLimit {
  readonly #failures: FixedWindows;
  readonly #overflow: FixedWindows;

  constructor(
    private readonly options: FailedAuthenticationLimitOptions,
    maxClients = defaultMaxClients,
    /** The server's clock (its `now` option), in milliseconds: windows end by it, not by the wall clock. */
    readonly now: () => number = Date.now,
  ) {
    this.#failures = new FixedWindows(options.windowSeconds * 1000, maxClients, 'keep-running');
    this.#overflow = new FixedWindows(options.windowSeconds * 1000);
  }

  /** Throws 429 while the client (or, for an address the table has no room for, the overflow) is over its limit. */
  check(client: string, now: number): void {
    const own = this.#failures.current(client, now);
    const window = own ?? (this.#failures.full(now) ? this.#overflow.current('', now) : undefined);
    if (window && window.count >= this.options.limit) {
      const retryAfter = (own ? this.#failures : this.#overflow).secondsLeft(window, now);
      const who = own ? 'this client' : 'client addresses this server cannot track one by one right now (too many are guessing)';
      throw new ProblemError(
        'rate_limited',
        `too many failed authentications from ${who} (${this.options.limit} in ${this.options.windowSeconds} s); retry after ${retryAfter} s with a valid credential`,
        {
          headers: { 'retry-after': String(retryAfter) },
        },
      );
    }
  }

  /** Counts a failed authentication of the client (in the overflow window when the table is full). */
  noteFailure(client: string, now: number): void {
    if (this.#failures.count(client, now) === undefined) this.#overflow.count('', now);
  }
}
