/**
 * Dates and clock times in a patient's time zone. Calendar entries hold wall-clock values
 * (a date and an HH:mm time), so most of the bake works on "floating" local times and only
 * the conversion of an instant to a local date needs the zone. The zone arithmetic itself is the
 * SDK's (@medsched/sdk/recurrence), shared with the CLI and integrators.
 */

import { wallTimeAt } from '@medsched/sdk/recurrence';

/** The local date (`YYYY-MM-DD`) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  return wallTimeAt(instant, timeZone).date;
}

/** A bake bound as a local date: a date stays as it is, a date-time becomes its date in the zone. */
export function toLocalDate(value: string, timeZone: string): string {
  return value.length === 10 ? value : localDate(new Date(value), timeZone);
}

const dayMs = 86_400_000;

/** Every date from `from` to `to`, both included. */
export function eachDate(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); time <= end; time += dayMs) {
    dates.push(new Date(time).toISOString().slice(0, 10));
  }
  return dates;
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs + 1;
}

/** Minutes after midnight of an `HH:mm` time. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** `HH:mm` of a number of minutes after midnight, wrapping past 24 h. */
export function clockTime(minutes: number): string {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}
