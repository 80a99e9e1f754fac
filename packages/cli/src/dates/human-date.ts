import { usageError } from '../errors/cli-error.js';
import { addDays, isoWeekday, isValidCalendarDate, type CalendarDate } from './calendar-date.js';
import { dateIn } from './time-zone.js';

/**
 * What a human date means: whole days (`today`, `next-week`, `2026-11-23`, `+7d`) or one
 * instant (`now`, `-2h`, an ISO date-time). A `--from` takes the first day of a span, a
 * `--to` its last, so `--from next-week` alone covers Monday to Sunday.
 */
export type HumanDate = { kind: 'days'; first: CalendarDate; last: CalendarDate; input: string } | { kind: 'instant'; at: Date; input: string };

export const humanDateHelp = 'today, tomorrow, yesterday, +7d, -3d, +2w, this-week, next-week, last-week, YYYY-MM-DD or an ISO date-time';

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function week(today: CalendarDate, weeksAhead: number, input: string): HumanDate {
  const monday = addDays(today, 1 - isoWeekday(today) + 7 * weeksAhead);
  return { kind: 'days', first: monday, last: addDays(monday, 6), input };
}

/** Resolves a human date in `timeZone` as of `now`; unknown words are a usage error (exit 2). */
export function parseHumanDate(input: string, options: { timeZone: string; now?: Date }): HumanDate {
  const now = options.now ?? new Date();
  const text = input.trim().toLowerCase();
  const today = dateIn(now, options.timeZone);
  const day = (date: CalendarDate): HumanDate => ({ kind: 'days', first: date, last: date, input });

  if (text === 'today') return day(today);
  if (text === 'tomorrow') return day(addDays(today, 1));
  if (text === 'yesterday') return day(addDays(today, -1));
  if (text === 'now') return { kind: 'instant', at: now, input };
  if (text === 'this-week') return week(today, 0, input);
  if (text === 'next-week') return week(today, 1, input);
  if (text === 'last-week') return week(today, -1, input);

  const relative = /^([+-])(\d{1,4})([dwhm])$/.exec(text);
  if (relative) {
    const amount = Number(relative[2]) * (relative[1] === '-' ? -1 : 1);
    const unit = relative[3];
    if (unit === 'd') return day(addDays(today, amount));
    if (unit === 'w') return day(addDays(today, 7 * amount));
    const ms = amount * (unit === 'h' ? 3_600_000 : 60_000);
    return { kind: 'instant', at: new Date(now.getTime() + ms), input };
  }
  if (isValidCalendarDate(text)) return day(text);
  if (isoDateTime.test(input.trim())) {
    const at = new Date(input.trim());
    if (!Number.isNaN(at.getTime())) return { kind: 'instant', at, input };
  }
  throw usageError(`cannot read the date "${input}"`, `use ${humanDateHelp}`);
}
