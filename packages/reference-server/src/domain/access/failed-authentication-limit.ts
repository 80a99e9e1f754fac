import { ProblemError } from '../operation/problems.js';

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
  readonly #windows = new Map<string, { start: number; failures: number }>();

  constructor(private readonly options: FailedAuthenticationLimitOptions) {}

  /** Throws 429 while the client is over its limit. */
  check(client: string, now: number): void {
    const window = this.#windows.get(client);
    if (!window || now - window.start >= this.options.windowSeconds * 1000) return;
    if (window.failures >= this.options.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + this.options.windowSeconds * 1000 - now) / 1000));
      throw new ProblemError('rate_limited', `too many failed authentications from this client (${this.options.limit} in ${this.options.windowSeconds} s); retry after ${retryAfter} s with a valid credential`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  /** Counts a failed authentication of the client. */
  noteFailure(client: string, now: number): void {
    let window = this.#windows.get(client);
    if (!window || now - window.start >= this.options.windowSeconds * 1000) {
      if (this.#windows.size >= maxClients) this.#prune(now);
      this.#windows.set(client, (window = { start: now, failures: 0 }));
    }
    window.failures += 1;
  }

  #prune(now: number): void {
    for (const [client, window] of this.#windows) {
      if (now - window.start >= this.options.windowSeconds * 1000) this.#windows.delete(client);
    }
    // Still full: the oldest entries go (Map keeps insertion order).
    for (const client of this.#windows.keys()) {
      if (this.#windows.size < maxClients) break;
      this.#windows.delete(client);
    }
  }
}
