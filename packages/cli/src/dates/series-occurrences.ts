import type { CalendarEntry } from '@medsched/sdk';
import { expandRecurrence, RuleError, type Occurrence } from '@medsched/sdk/recurrence';
import type { CalendarDate } from './calendar-date.js';

/**
 * The intakes a series produces within a range, counted on the client for the questions of long
 * and home-wide writes ("about 4,434 intakes") and for `bake check`: the SDK's expansion, the one
 * the server bakes with, so every rule the server accepts is counted (BYHOUR twice daily, BYDAY,
 * COUNT, UNTIL, …) and the counts are the counts baked.
 */

/** A series' fields that decide its occurrences; `startTime` is the intake time the server answers (or its category's). */
export type SeriesEntry = Pick<CalendarEntry, 'rrule' | 'date' | 'startTime'>;

/**
 * The occurrences (date and wall time, as the bake stores them) of a series in from..to
 * (inclusive), or undefined when the server could not expand its rule either (one stored before
 * the rule checks existed): the caller says so rather than guess.
 */
export function seriesOccurrences(entry: SeriesEntry, from: CalendarDate, to: CalendarDate): Occurrence[] | undefined {
  if (typeof entry.rrule !== 'string') return undefined;
  try {
    return expandRecurrence(entry.rrule, entry.date, entry.startTime, from, to);
  } catch (error) {
    if (error instanceof RuleError) return undefined;
    throw error;
  }
}

/** The key of one intake of a series on a day: what the bake checks before it adds an occurrence. */
export const intakeKey = (date: string, time: string) => `${date} ${time}`;
