import type { Generations } from './generations.js';
import { MockApiError } from './mock-error.js';
import type { MockState } from './mock-state.js';

const notStarted = 'the mock API is not started: call `await mock.listen()` (Node) or `await mock.start()` (browser) first, e.g. in beforeAll';

/**
 * The way from the mock's API to its generations: each call finds the world of the current test,
 * waits for the one a running `reset()` is making, or says with a coded error why there is none.
 */
export class GenerationGate {
  constructor(
    private readonly generations: Generations,
    /** Throws `other_msw` when another msw server took the mock's requests over (see `MockScope#checkInterception`). */
    private readonly checkInterception: (what: string) => void,
  ) {}

  /** Runs `change` on the current generation now, or on the next as soon as the running reset has made it. */
  whenSettled(change: (state: MockState) => void): void {
    const settled = this.generations.settled;
    if (settled) return change(settled);
    const generation = this.generations.current;
    if (!generation) throw new MockApiError('not_started', notStarted);
    void generation.then(change, () => {});
  }

  /**
   * Scenarios set before `listen()`/`start()` would be dropped by the start (or, worse, the app's
   * requests would go to the real network meanwhile): say so where the call is made.
   */
  mustBeStarted(what: string): void {
    if (!this.generations.current) throw new MockApiError('not_started', `${what}: ${notStarted}`);
    this.checkInterception(what);
  }

  /** The current generation, or a coded error that says why there is none right now. */
  settled(what: string): MockState {
    const settled = this.generations.settled;
    if (settled) {
      this.checkInterception(what);
      return settled;
    }
    if (this.generations.current) {
      throw new MockApiError(
        'reset_in_progress',
        `${what} was read while mock.reset() is still running; await it (return it from your afterEach/beforeEach), or \`await mock.ready()\` before reading ${what}`,
      );
    }
    throw new MockApiError('not_started', `${what}: ${notStarted}`);
  }

  /** The current generation, once a running reset (or the start) has made it. */
  async ready(what: string): Promise<MockState> {
    const generation = this.generations.current;
    if (!generation) throw new MockApiError('not_started', `${what}: ${notStarted}`);
    this.checkInterception(what);
    return generation;
  }

  /** The error of an answer asked for before the start. */
  static notStarted(): MockApiError {
    return new MockApiError('not_started', notStarted);
  }
}
