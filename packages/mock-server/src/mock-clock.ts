import { MockApiError } from './mock-error.js';

/** An instant: a `Date`, an ISO 8601 string or milliseconds since the epoch. */
export type Instant = Date | string | number;

/**
 * The mock's "now", as the reference server reads it (`now: () => Date`): timestamps of created
 * and changed records, new ids, "today" for bakes and the seed factories.
 * - an instant (`'2026-05-04T08:00:00Z'`): fixed, every read gives that instant;
 * - `{ from: instant }`: advancing, starts at `from` when the mock starts and at every `reset()`,
 *   then moves with real time;
 * - a function: your own clock, called at every read (the reference server's own option).
 */
export type NowOption = Instant | { from: Instant } | (() => Date);

function instantOf(value: Instant, option: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) {
    throw new MockApiError('invalid_option', `${option}: ${String(value)} is not an instant; give a Date, an ISO 8601 string ('2026-05-04T08:00:00Z') or epoch milliseconds`);
  }
  return ms;
}

/** The clock of one mock: what `now` asked for, restarted by every `reset()`. */
export class MockClock {
  readonly #read: () => Date;
  #startedAt = Date.now();

  constructor(option: NowOption | undefined) {
    if (option === undefined) {
      this.#read = () => new Date();
    } else if (typeof option === 'function') {
      this.#read = option;
    } else if (typeof option === 'object' && !(option instanceof Date)) {
      if (!option || !('from' in option)) throw new MockApiError('invalid_option', 'setupMockApi({ now }): give an instant, { from: instant } or a function returning a Date');
      const from = instantOf(option.from, 'setupMockApi({ now: { from } })');
      this.#read = () => new Date(from + (Date.now() - this.#startedAt));
    } else {
      const fixed = instantOf(option, 'setupMockApi({ now })');
      this.#read = () => new Date(fixed);
    }
  }

  /** The current instant; a fresh `Date` every time (callers may keep or change it). */
  now(): Date {
    return new Date(this.#read().getTime());
  }

  /** An advancing clock starts over at its `from` (called by `reset()`). */
  restart(): void {
    this.#startedAt = Date.now();
  }
}
