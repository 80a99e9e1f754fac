import { usageError } from '../errors/cli-error.js';
import { addDays, weekdayName, type CalendarDate } from './calendar-date.js';
import { parseHumanDate, type HumanDate } from './human-date.js';
import { dateIn, startOfDay } from './time-zone.js';

/** An inclusive bake range as sent to the API, plus a sentence that echoes it back. */
export interface BakeRange {
  from: string;
  to: string;
  echo: string;
}

function describeBound(value: HumanDate, bound: CalendarDate): string {
  const shown = /^\d{4}-\d{2}-\d{2}$/.test(bound) ? `${bound} (${weekdayName(bound)})` : bound;
  return value.input.trim() === bound ? shown : `${value.input.trim()} = ${shown}`;
}

/**
 * `--from`/`--to` for bakes. Whole days stay calendar dates (the server reads them in the
 * patient's zone); instants go as ISO date-times. `--to` defaults to the end of `--from`.
 */
export function resolveBakeRange(fromInput: string | undefined, toInput: string | undefined, timeZone: string, now = new Date()): BakeRange {
  if (fromInput === undefined) throw usageError('--from is required', 'e.g. --from next-week, --from today --to +7d');
  const from = parseHumanDate(fromInput, { timeZone, now });
  const to = toInput === undefined ? from : parseHumanDate(toInput, { timeZone, now });
  const fromValue = from.kind === 'days' ? from.first : from.at.toISOString();
  const toValue = to.kind === 'days' ? to.last : to.at.toISOString();
  const fromDay = from.kind === 'days' ? from.first : dateIn(from.at, timeZone);
  const toDay = to.kind === 'days' ? to.last : dateIn(to.at, timeZone);
  if (fromDay > toDay) throw usageError(`the range ends (${toDay}) before it starts (${fromDay})`, 'swap --from and --to');
  const echo = `from ${describeBound(from, fromValue)} to ${describeBound(to, toValue)}, ${timeZone}`;
  return { from: fromValue, to: toValue, echo };
}

/** An event-time bound: `--since` is inclusive (start of its first day), `--until` exclusive (end of its last day). */
export function resolveInstant(input: string, bound: 'since' | 'until', timeZone: string, now = new Date()): { iso: string; echo: string } {
  const value = parseHumanDate(input, { timeZone, now });
  const at = value.kind === 'instant' ? value.at : startOfDay(bound === 'since' ? value.first : addDays(value.last, 1), timeZone);
  const iso = at.toISOString();
  return { iso, echo: `${bound} ${input.trim() === iso ? iso : `${input.trim()} = ${iso}`}` };
}
