import type { DeviceEvent } from '@medsched/sdk';
import { CliError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';

/**
 * More events at one instant than any device produces; past it the server is not a device's
 * record (a loop, or hostile), and remembering them all would grow without bound.
 */
export const maxEventsAtOneInstant = 100_000;

/**
 * The ids `device events --follow` can still be sent again: those at the newest timestamp seen,
 * because the next poll asks from that instant (DateStart is inclusive). Everything older is
 * outside the window and forgotten, so memory is bounded by the events of one instant, not by
 * how long the follow runs (it grew by every event ever seen: 728 MB after 60 s at 5,000 a poll).
 */
export class SeenWindow {
  /** The newest timestamp seen, as the server wrote it: the next poll's DateStart. */
  newest: string | undefined;
  #newestMs: number | undefined;
  #atNewest = new Set<string>();

  constructor(start: string | undefined) {
    this.newest = start;
    this.#newestMs = start === undefined ? undefined : Date.parse(start);
  }

  /** How many ids are remembered now. */
  get size(): number {
    return this.#atNewest.size;
  }

  /**
   * The events of one answer not printed before, in the server's order; those before the
   * window (a server that ignores DateStart) are counted in `outside`, not returned.
   */
  take(events: readonly DeviceEvent[]): { fresh: DeviceEvent[]; outside: number } {
    const fresh: DeviceEvent[] = [];
    const inThisAnswer = new Set<string>();
    let outside = 0;
    for (const event of events) {
      const at = Date.parse(event.timestamp);
      if (this.#newestMs !== undefined && at < this.#newestMs) outside += 1;
      else if ((at === this.#newestMs && this.#atNewest.has(event.id)) || inThisAnswer.has(event.id)) continue;
      else {
        inThisAnswer.add(event.id);
        fresh.push(event);
      }
    }
    for (const event of fresh) this.#remember(event);
    return { fresh, outside };
  }

  #remember(event: DeviceEvent): void {
    const at = Date.parse(event.timestamp);
    if (this.#newestMs === undefined || at > this.#newestMs) {
      this.#newestMs = at;
      this.newest = event.timestamp;
      this.#atNewest = new Set();
    }
    if (at !== this.#newestMs) return;
    this.#atNewest.add(event.id);
    if (this.#atNewest.size > maxEventsAtOneInstant) {
      throw new CliError(
        `the server sent more than ${maxEventsAtOneInstant.toLocaleString('en')} events at ${this.newest}: no device records that many at one instant, so following stopped`,
        ExitCode.other,
        'check the server (--base-url); `medsched device events <id> --since … --until …` reads a range once',
      );
    }
  }
}
