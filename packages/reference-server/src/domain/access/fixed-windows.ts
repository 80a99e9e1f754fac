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
    /**
     * `keep-running`: when full, a key whose window is still running is never dropped to make
     * room; {@link count} answers undefined for a new key instead (the caller counts it elsewhere).
     */
    private readonly whenFull: 'drop-oldest' | 'keep-running' = 'drop-oldest',
  ) {}

  /** The key's window, or undefined when it has none or its window has ended. */
  current(key: string, now: number): FixedWindow | undefined {
    const window = this.#windows.get(key);
    return window && now - window.start < this.windowMs ? window : undefined;
  }

  /**
   * Counts one for the key, in a new window when its last one has ended; returns the window, or
   * undefined when the table is full of running windows and `whenFull` is `keep-running`.
   */
  count(key: string, now: number): FixedWindow | undefined {
    let window = this.current(key, now);
    if (!window) {
      if (this.#windows.size >= this.maxKeys) this.#prune(now);
      if (this.#windows.size >= this.maxKeys && !this.#windows.has(key)) return undefined;
      // Deleted first, so that the Map's order stays the order of window starts.
      this.#windows.delete(key);
      this.#windows.set(key, (window = { start: now, count: 0 }));
    }
    window.count += 1;
    return window;
  }

  /** Whether a new key would find no room now (only with `keep-running`). */
  full(now: number): boolean {
    if (this.whenFull !== 'keep-running' || this.#windows.size < this.maxKeys) return false;
    this.#prune(now);
    return this.#windows.size >= this.maxKeys;
  }

  /** Whole seconds until the window ends, at least 1: the value of `Retry-After`. */
  secondsLeft(window: FixedWindow, now: number): number {
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }

  #prune(now: number): void {
    // Windows are in the order they started: the ended ones are at the front.
    for (const [key, window] of this.#windows) {
      if (now - window.start < this.windowMs) break;
      this.#windows.delete(key);
    }
    if (this.whenFull === 'keep-running') return;
    // Still full: the oldest keys go (a Map keeps insertion order).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxKeys) break;
      this.#windows.delete(key);
    }
  }
}
