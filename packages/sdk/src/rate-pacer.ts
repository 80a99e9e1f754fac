/**
 * Pacing for batch jobs (`rateLimit: 'wait'`): a job that would rather wait than fail sends no
 * request while the server's window is spent (`RateLimit-Remaining: 0` until `RateLimit-Reset`),
 * and waits out any `Retry-After` however long. ky retries a 429 only within its own limits and
 * does not look at `RateLimit-Remaining`; the wait before a request is no retry, so it is ours.
 */

/** The time a client waits by: the real one by default; tests give one that moves when slept. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- rejects with the signal's own reason, as fetch does on abort
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- rejects with the signal's own reason, as fetch does on abort
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** How many rate-limited answers one call waits out before it raises `RateLimitError`. */
export const maxRateLimitedAnswers = 10;

/** A count of seconds, or undefined when the header is absent or not one. */
function seconds(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/** One client's view of the server's rate window, from the `RateLimit-*` headers of its answers. */
export class RatePacer {
  readonly #clock: Clock;
  /** Requests left in the window, counting those sent since the last answer said; undefined when unknown. */
  #remaining: number | undefined;
  #resetAt = 0;
  #blockedUntil = 0;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Waits until a request may be sent, and counts it against the window. Returns the milliseconds waited. */
  async ready(signal: AbortSignal | undefined): Promise<number> {
    let waited = 0;
    for (;;) {
      const now = this.#clock.now();
      if (this.#remaining !== undefined && now >= this.#resetAt) this.#remaining = undefined; // a new window
      const spent = this.#remaining !== undefined && this.#remaining <= 0;
      const until = Math.max(this.#blockedUntil, spent ? this.#resetAt : 0);
      if (until <= now) break;
      await this.#clock.sleep(until - now, signal);
      waited += until - now;
    }
    if (this.#remaining !== undefined) this.#remaining -= 1;
    return waited;
  }

  /** Reads an answer's `RateLimit-Remaining` and `RateLimit-Reset` (seconds from now, or a Unix time). */
  observe(headers: Headers): void {
    const remaining = seconds(headers.get('ratelimit-remaining'));
    const reset = seconds(headers.get('ratelimit-reset'));
    if (remaining === undefined || reset === undefined) return;
    const now = this.#clock.now();
    this.#remaining = remaining;
    this.#resetAt = reset * 1000 >= Date.parse('2024-01-01') ? reset * 1000 : now + reset * 1000;
  }

  /** Sends nothing for `ms` (a `Retry-After`). */
  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#clock.now() + ms);
  }
}
