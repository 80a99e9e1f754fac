/** One key's window: when it started and how much was counted in it. */
export interface FixedWindow {
  start: number;
  count: number;
}

/**
 * Counters per key over fixed windows, as the rate limit (per credential) and the failed
 * authentication limit (per client address) count. With `maxKeys`, ended windows are dropped
 * first and then the oldest keys, so memory stays bounded whatever keys clients send.
 */
export class FixedWindows {
  readonly #windows = new Map<string, FixedWindow>();

  constructor(
    readonly windowMs: number,
    private readonly maxKeys = Number.POSITIVE_INFINITY,
  ) {}

  /** The key's window, or undefined when it has none or its window has ended. */
  current(key: string, now: number): FixedWindow | undefined {
    const window = this.#windows.get(key);
    return window && now - window.start < this.windowMs ? window : undefined;
  }

  /** Counts one for the key, in a new window when its last one has ended; returns the window. */
  count(key: string, now: number): FixedWindow {
    let window = this.current(key, now);
    if (!window) {
      if (this.#windows.size >= this.maxKeys) this.#prune(now);
      this.#windows.set(key, (window = { start: now, count: 0 }));
    }
    window.count += 1;
    return window;
  }

  /** Whole seconds until the window ends, at least 1: the value of `Retry-After`. */
  secondsLeft(window: FixedWindow, now: number): number {
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.windowMs) this.#windows.delete(key);
    }
    // Still full: the oldest keys go (a Map keeps insertion order).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxKeys) break;
      this.#windows.delete(key);
    }
  }
}
