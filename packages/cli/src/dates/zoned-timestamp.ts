import { offsetMs, offsetText } from './time-zone.js';

/**
 * An instant as the wall-clock time of a zone with its offset (`2026-11-27T08:00:05+01:00`):
 * the server's UTC timestamp, read where the home is, and still one exact instant for a script.
 * A value that is not a timestamp is returned as it is.
 */
export function timestampIn(value: unknown, timeZone: string): unknown {
  if (typeof value !== 'string') return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const offset = offsetMs(instant, timeZone);
  // The wall time to the second: the instant's whole second moved by the zone's offset.
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset).toISOString().slice(0, 19);
  return `${wall}${offsetText(offset)}`;
}
