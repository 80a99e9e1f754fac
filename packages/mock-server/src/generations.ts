import { MockApiError } from './mock-error.js';
import { MockState } from './mock-state.js';
import type { ScenarioBase } from './scenario-base.js';

export interface GenerationSource {
  /** A new base: the scenario's data in a new database (the first, or when reverting is not possible). */
  build(first: boolean): Promise<ScenarioBase>;
  /** Whether requests of `generation` may still reach its database (then it must not be reverted in place). */
  inUse(generation: Promise<MockState>): boolean;
  /** Whether the current base may be reverted in place (the browser's saved databases may not). */
  revertInPlace(): boolean;
  /** Runs when a reset starts, before the next generation is made (the browser forgets its saved database). */
  beforeReset(): void;
}

/**
 * The mock's generations: the current one, or the promise of the next while `reset()` runs.
 * Resets queue behind each other; every request, factory and sign-in waits for the generation
 * that is being made, so that nothing sees the world half-way (and nothing falls through to the
 * network because there is no world).
 */
export class Generations {
  #current: Promise<MockState> | undefined;
  #settled: MockState | undefined;
  #base: ScenarioBase | undefined;
  /** The current generation, if making it failed (the next start or reset tries again). */
  #failed: Promise<MockState> | undefined;

  constructor(private readonly source: GenerationSource) {}

  /** The generation now, or of the running reset; undefined before the first `start()`. */
  get current(): Promise<MockState> | undefined {
    return this.#current;
  }

  /** The base of the latest generation (its router names the operation of a request). */
  get base(): ScenarioBase | undefined {
    return this.#base;
  }

  /** The generation now, if no reset is running. */
  get settled(): MockState | undefined {
    return this.#settled;
  }

  /** Builds the first generation (again after a failed reset); later calls return the current one. */
  start(): Promise<MockState> {
    // `void`: #track handles the rejection itself, and the promise is returned just below.
    if (!this.#current || this.#current === this.#failed) void this.#track(this.#make(undefined));
    return this.#current!;
  }

  /** Starts the next generation after the current one (and any reset before it) is made. */
  reset(): Promise<MockState> {
    const previous = this.#current;
    this.source.beforeReset();
    return this.#track(this.#make(previous));
  }

  /** Makes a generation on `base` current at once (the browser, following another tab). */
  replace(base: ScenarioBase): void {
    const state = new MockState(base);
    this.#base = base;
    void this.#track(Promise.resolve(state));
    this.#settled = state;
  }

  #track(next: Promise<MockState>): Promise<MockState> {
    this.#current = next;
    this.#settled = undefined;
    // Registered before any caller's `await`, so the generation is settled when they resume.
    next.then(
      (state) => {
        if (this.#current === next) this.#settled = state;
      },
      () => {
        if (this.#current === next) this.#failed = next;
      },
    );
    return next;
  }

  async #make(previous: Promise<MockState> | undefined): Promise<MockState> {
    const old = await previous?.catch(() => undefined);
    try {
      const base = this.#base;
      if (base && old && old.base === base && base.revertible && this.source.revertInPlace() && old.busy === 0 && !this.source.inUse(previous!)) {
        const reverted = await base.revert().then(
          () => true,
          // A write that cannot be undone in place (it should not happen): a new copy instead.
          () => false,
        );
        if (reverted) return new MockState(base);
      }
      this.#base = await this.source.build(previous === undefined);
      return new MockState(this.#base);
    } catch (error) {
      this.#base = undefined;
      throw new MockApiError('reset_failed', `the mock could not build its data: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
