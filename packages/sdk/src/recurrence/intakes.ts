import { expandRecurrence } from './expansion.js';
import { isTimeZone, offsetText, TimeZoneError, zonedInstant, type WallTimeKind } from './zone.js';

/**
 * Which intakes a series produces between two dates in a zone: what a bake creates (the date
 * and wall time of each), and where each falls in time. A client previews or counts with it;
 * the reference server bakes the same dates and times.
 */

/** The fields of a calendar entry that decide its occurrences (a `CalendarEntry` has them). */
export interface SeriesFields {
  /** The recurrence rule (RFC 5545 subset), e.g. `FREQ=DAILY;BYHOUR=8,20`. */
  rrule: string;
  /** The series' first day, `YYYY-MM-DD`, in the patient's zone. */
  date: string;
  /** The intake time, `HH:mm` wall-clock time in the patient's zone (the start time for BYHOUR/BYMINUTE defaults). */
  intakeTime: string;
}

/** One intake a series produces. */
export interface Intake {
  /** The local date, `YYYY-MM-DD`, as the bake stores it. */
  date: string;
  /** The wall-clock time, `HH:mm`, as the bake stores it (and as the person decided). */
  time: string;
  /** The instant, ISO 8601 in UTC (`2026-10-25T00:30:00.000Z`). */
  at: string;
  /**
   * The offset that places `date`T`time` at `at`, e.g. `+02:00`. For a wall time the clock
   * skips, it is the offset before the gap: 02:30+01:00 on 29 Mar 2026 in Berlin is 03:30+02:00.
   */
  utcOffset: string;
  /** `repeated`: the clock shows the time twice (the first is taken); `skipped`: it does not exist that day (moved forward). */
  kind: WallTimeKind;
}

/** Where and how far to expand. */
export interface IntakeRange {
  /** First local date, `YYYY-MM-DD`, inclusive. */
  from: string;
  /** Last local date, `YYYY-MM-DD`, inclusive. */
  to: string;
  /** The patient's IANA zone, e.g. `Europe/Berlin`. */
  timeZone: string;
  /**
   * At most this many intakes are returned, plus one to show there are more (as the bake's own
   * limit): a preview stays bounded whatever the rule. Default: no limit.
   */
  limit?: number;
}

/**
 * The intakes a series produces in `from`..`to` (local dates) in a zone, in time order. Throws
 * a `RuleError` for a rule the server would refuse and a `TimeZoneError` for an unknown zone.
 *
 * @example
 * seriesIntakes({ rrule: 'FREQ=DAILY;BYHOUR=8,20', date: '2026-10-01', intakeTime: '08:00' }, { from: '2026-10-25', to: '2026-10-25', timeZone: 'Europe/Berlin' });
 * // → [{ date: '2026-10-25', time: '08:00', at: '2026-10-25T07:00:00.000Z', utcOffset: '+01:00', kind: 'unique' }, { … time: '20:00' … }]
 */
export function seriesIntakes(series: SeriesFields, range: IntakeRange): Intake[] {
  // Checked first: a wrong zone is an error even for a range the series never reaches.
  if (!isTimeZone(range.timeZone)) throw new TimeZoneError(range.timeZone);
  const occurrences = expandRecurrence(series.rrule, series.date, series.intakeTime, range.from, range.to, range.limit);
  return occurrences.map(({ date, time }) => {
    const placed = zonedInstant(date, time, range.timeZone);
    return { date, time, at: new Date(placed.epochMs).toISOString(), utcOffset: offsetText(placed.offsetMs), kind: placed.kind };
  });
}
