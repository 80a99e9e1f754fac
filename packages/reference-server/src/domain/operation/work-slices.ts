/**
 * Long work inside one request (a bake's planning and writes) runs in slices, so that other
 * requests, of every tenant, are served in between (architecture.md, "Work inside one request is
 * bounded in time as well as size"). A slice ends after `unitsPerSlice` units of work (days a
 * recurrence examines, records written) or `msPerSlice` milliseconds, whichever comes first:
 * the count makes the number of breaks depend on the work only, the clock keeps a slice short
 * on a slow machine.
 */
export class WorkSlices {
  /** About half a millisecond of expansion work on a quiet machine (a day examined costs about 0.5 µs). */
  static readonly defaultUnitsPerSlice = 1_000;
  static readonly defaultMsPerSlice = 1;

  #units = 0;
  #since = performance.now();
  /** How many times the work has let others through so far. */
  breaks = 0;

  constructor(
    readonly unitsPerSlice = WorkSlices.defaultUnitsPerSlice,
    readonly msPerSlice = WorkSlices.defaultMsPerSlice,
  ) {}

  /** Counts `units` of work done; true once the current slice is used up (then call {@link pause}). */
  add(units: number): boolean {
    this.#units += units;
    return this.#units >= this.unitsPerSlice || performance.now() - this.#since >= this.msPerSlice;
  }

  /** Counts `units` and lets other requests through when the slice is used up. */
  async spend(units: number): Promise<void> {
    if (this.add(units)) await this.pause();
  }

  /** Lets other requests through (the event loop runs its I/O), then starts a new slice. */
  async pause(): Promise<void> {
    await nextTurn();
    this.breaks += 1;
    this.#units = 0;
    this.#since = performance.now();
  }
}

/**
 * A promise that resolves on the event loop's next turn, after pending I/O: `setImmediate` where
 * there is one (Node; a timer would cost a millisecond each break), else a zero timeout (browsers,
 * where the service worker's work is one user's own anyway).
 */
function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  return new Promise<void>((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}
