/**
 * An instant as the wall-clock time of a zone with its offset (`2026-11-27T08:00:05+01:00`):
 * the server's UTC timestamp, read where the home is, and still one exact instant for a script.
 * A value that is not a timestamp is returned as it is.
 */
export function timestampIn(value: unknown, timeZone: string): unknown {
  if (typeof value !== 'string') return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  });
  const part = Object.fromEntries(formatter.formatToParts(instant).map((piece) => [piece.type, piece.value]));
  const offset = (part.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}
