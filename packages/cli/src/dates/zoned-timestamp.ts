import { offsetMs, offsetText, zonedParts } from './time-zone.js';

const two = (value: number | undefined) => String(value ?? 0).padStart(2, '0');

/**
 * An instant as the wall-clock time of a zone with its offset (`2026-11-27T08:00:05+01:00`):
 * the server's UTC timestamp, read where the home is, and still one exact instant for a script.
 * A value that is not a timestamp is returned as it is.
 */
export function timestampIn(value: unknown, timeZone: string): unknown {
  if (typeof value !== 'string') return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const p = zonedParts(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${offsetText(offsetMs(instant, timeZone))}`;
}
