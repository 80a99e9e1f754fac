import { instantOf, isTimeZone as isKnownZone, offsetAt, offsetText as isoOffset, wallTimeAt, zonedInstant } from '@medsched/sdk/recurrence';
import type { CalendarDate } from './calendar-date.js';

/**
 * The CLI's view of time zones. The arithmetic is the SDK's (@medsched/sdk/recurrence), the one
 * the server and integrators use: a wall time the clock shows twice is its first occurrence, one
 * it skips moves forward (RFC 5545, Temporal). Nothing here converts on its own.
 */

/** Whether `name` is an IANA zone this runtime knows (`Europe/Berlin`), as `--tz` and `config set timezone` accept. */
export function isTimeZone(name: string): boolean {
  return isKnownZone(name);
}

/** The calendar date an instant falls on in a zone. */
export function dateIn(instant: Date, timeZone: string): CalendarDate {
  return wallTimeAt(instant, timeZone).date;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
export function offsetMs(instant: Date, timeZone: string): number {
  return offsetAt(instant, timeZone);
}

/** The instant local midnight starts a date in a zone (where midnight is skipped, the first instant of the day). */
export function startOfDay(date: CalendarDate, timeZone: string): Date {
  return instantOf(date, '00:00', timeZone);
}

/**
 * The UTC offset that places a wall-clock time on a date in a zone, e.g. `+01:00` for 08:00 on
 * 2026-01-05 in Europe/Berlin (`+02:00` in summer): what a spreadsheet needs to place the time.
 * In the hour that comes twice it is the first one's (02:30 on 25 Oct 2026 in Berlin: `+02:00`);
 * in the hour the clock skips, the offset before the gap (02:30 on 29 Mar 2026: `+01:00`, the
 * instant the clock reads 03:30). Empty for a date or time it cannot read.
 */
export function utcOffsetAt(date: string, time: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return '';
  return isoOffset(zonedInstant(date, time, timeZone).offsetMs);
}

/** An offset from UTC as ISO 8601 writes it: `+01:00`, `-05:00`, `+00:00`. */
export function offsetText(offset: number): string {
  return isoOffset(offset);
}
