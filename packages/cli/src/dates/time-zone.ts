import type { CalendarDate } from './calendar-date.js';

/** Whether `name` is an IANA zone this runtime knows (`Europe/Berlin`), as `--tz` and `config set timezone` accept. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of an instant in a zone (year, month, day, hour, minute, second), as numbers. */
export function zonedParts(instant: Date, timeZone: string): Record<string, number> {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** The calendar date an instant falls on in a zone. */
export function dateIn(instant: Date, timeZone: string): CalendarDate {
  const p = zonedParts(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
export function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant local midnight starts a date in a zone (two passes settle DST edges). */
export function startOfDay(date: CalendarDate, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let guess = midnightUtc - offsetMs(new Date(midnightUtc), timeZone);
  guess = midnightUtc - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/**
 * The UTC offset of a wall-clock time on a date in a zone, e.g. `+01:00` for 08:00 on
 * 2026-01-05 in Europe/Berlin (`+02:00` in summer): what a spreadsheet needs to place the time.
 */
export function utcOffsetAt(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  if (Number.isNaN(wall)) return '';
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return offsetText(offsetMs(new Date(instant), timeZone));
}

/** An offset from UTC as ISO 8601 writes it: `+01:00`, `-05:00`, `+00:00`. */
export function offsetText(offset: number): string {
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
