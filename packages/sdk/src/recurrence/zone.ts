/**
 * Zone arithmetic on IANA time zones, with only `Intl` (no time-zone data of our own): an
 * instant's wall time and offset in a zone, and the instant of a wall time. A wall time that a
 * daylight-saving change makes ambiguous (the hour that repeats in autumn) is its first
 * occurrence; one that does not exist (the hour skipped in spring) moves forward by the length
 * of the gap, as RFC 5545 (3.3.5) and Temporal's `disambiguation: 'compatible'` do. So
 * 02:30 on 25 Oct 2026 in Europe/Berlin is 02:30+02:00, and 02:30 on 29 Mar 2026 is 03:30+02:00.
 */

/** A wall-clock date and time in some zone: `YYYY-MM-DD` and `HH:mm` (seconds are dropped). */
export interface WallTime {
  date: string;
  time: string;
}

/** How a wall time maps to instants in a zone on its date. */
export type WallTimeKind =
  /** Exactly one instant has this wall time. */
  | 'unique'
  /** The clock shows it twice (autumn): the first occurrence, on the earlier offset, is taken. */
  | 'repeated'
  /** The clock skips it (spring): the instant is the wall time moved forward by the gap. */
  | 'skipped';

/** A wall time placed in a zone: the instant, its offset there, and how the wall time mapped. */
export interface ZonedInstant {
  /** The instant, as milliseconds since the epoch. */
  epochMs: number;
  /**
   * Milliseconds the zone's wall time is ahead of UTC for this wall time: `wall − instant`.
   * For a skipped wall time it is the offset before the gap, so that `date`T`time`±offset
   * still names the instant (02:30+01:00 on 29 Mar 2026 in Berlin is 03:30+02:00).
   */
  offsetMs: number;
  kind: WallTimeKind;
}

/** A zone name `Intl` does not know: the caller says which setting or field to correct. */
export class TimeZoneError extends Error {
  /** Always `unknown_time_zone`, for code that sorts errors by code. */
  readonly code = 'unknown_time_zone';
  override readonly name = 'TimeZoneError';
  constructor(readonly timeZone: string) {
    super(`"${timeZone}" is not an IANA time zone this runtime knows (e.g. Europe/Berlin, America/New_York)`);
  }
}

const dayMs = 86_400_000;

/** One formatter per zone: building one costs far more than formatting with it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new TimeZoneError(timeZone);
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is an IANA zone this runtime knows (`Europe/Berlin`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time of an instant in a zone, as floating milliseconds (the wall time read as UTC), to the second. */
function wallMs(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(new Date(epochMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  // Date.UTC reads years 0..99 as 1900..1999; setUTCFullYear does not.
  const wall = new Date(Date.UTC(2000, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0));
  wall.setUTCFullYear(parts.year ?? 2000);
  return wall.getTime();
}

/** Milliseconds a zone's wall time is ahead of UTC at an instant (`+3_600_000` for Berlin in winter). */
export function offsetAt(instant: Date | number, timeZone: string): number {
  const epochMs = typeof instant === 'number' ? instant : instant.getTime();
  // Intl shows whole seconds: compare with the instant's whole second.
  return wallMs(epochMs, timeZone) - Math.floor(epochMs / 1000) * 1000;
}

/** The wall-clock date and time of an instant in a zone. */
export function wallTimeAt(instant: Date | number, timeZone: string): WallTime {
  const epochMs = typeof instant === 'number' ? instant : instant.getTime();
  const iso = new Date(wallMs(epochMs, timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Floating milliseconds of a `YYYY-MM-DD` date and `HH:mm` (or `HH:mm:ss`) time, NaN when either is malformed. */
function floatingMs(date: string, time: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return Number.NaN;
  return Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
}

/**
 * The instant of a wall time in a zone: a repeated wall time is its first occurrence, a skipped
 * one moves forward by the gap (RFC 5545, Temporal `compatible`). Throws a {@link TimeZoneError}
 * for an unknown zone and a `RangeError` for a date or time that is not `YYYY-MM-DD` / `HH:mm`.
 */
export function zonedInstant(date: string, time: string, timeZone: string): ZonedInstant {
  const wall = floatingMs(date, time);
  if (Number.isNaN(wall)) throw new RangeError(`"${date} ${time}" is not a date (YYYY-MM-DD) and time (HH:mm)`);
  // The offsets a day either side cover every change but two within two days, which no zone has.
  const before = offsetAt(wall - dayMs, timeZone);
  const after = offsetAt(wall + dayMs, timeZone);
  // No change near this day (almost every day): one offset, one instant, no more formatting.
  if (before === after) return { epochMs: wall - before, offsetMs: before, kind: 'unique' };
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((epochMs) => wallMs(epochMs, timeZone) === Math.floor(wall / 1000) * 1000)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return { epochMs: first, offsetMs: wall - first, kind: candidates.length > 1 ? 'repeated' : 'unique' };
  // In a gap the clock jumps ahead: read the wall time on the offset before the jump.
  const earlier = Math.min(before, after);
  return { epochMs: wall - earlier, offsetMs: earlier, kind: 'skipped' };
}

/** The instant of a wall time in a zone, by the rules of {@link zonedInstant}. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  return new Date(zonedInstant(date, time, timeZone).epochMs);
}

/** An offset from UTC as ISO 8601 writes it: `+01:00`, `-05:00`, `+00:00` (`+05:45` for Kathmandu). */
export function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}
