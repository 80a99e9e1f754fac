import { addDays, isoWeekday, type CalendarDate } from './calendar-date.js';

/**
 * The days a series occurs on within a range, counted on the client for the questions of long
 * and home-wide writes ("about 4,434 intakes"). Only the rules medication schedules mostly use
 * are expanded here: FREQ=DAILY or WEEKLY, with INTERVAL, plain BYDAY, COUNT and UNTIL, one
 * intake per day. Any other rule answers `undefined`: the question then says the count is not
 * known rather than guess. The server's expansion stays the one that bakes.
 */

/** Days examined at most per series: a bake range is at most 366 days, COUNT walks from the start. */
const maxWalkDays = 400_000;

const weekdays = new Map<string, number>([['MO', 1], ['TU', 2], ['WE', 3], ['TH', 4], ['FR', 5], ['SA', 6], ['SU', 7]]);

const dayMs = 86_400_000;
const dayNumber = (date: CalendarDate) => Date.parse(`${date}T00:00:00Z`) / dayMs;

interface SimpleRule {
  freq: 'DAILY' | 'WEEKLY';
  interval: number;
  count: number | undefined;
  until: CalendarDate | undefined;
  byDay: number[] | undefined;
}

/** The rule's parts, or undefined when it uses anything beyond the subset above. */
export function parseSimpleRule(rule: string): SimpleRule | undefined {
  const parts = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/i, '').split(';')) {
    if (part === '') continue;
    const [name, value, ...rest] = part.split('=');
    if (name === undefined || value === undefined || rest.length > 0 || parts.has(name.toUpperCase())) return undefined;
    parts.set(name.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (freq !== 'DAILY' && freq !== 'WEEKLY') return undefined;
  for (const name of parts.keys()) if (!['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'WKST'].includes(name)) return undefined;
  if (parts.has('WKST') && parts.get('WKST') !== 'MO') return undefined;
  const whole = (text: string | undefined) => (text === undefined ? undefined : /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN);
  const interval = whole(parts.get('INTERVAL')) ?? 1;
  const count = whole(parts.get('COUNT'));
  if (Number.isNaN(interval) || interval < 1 || (count !== undefined && (Number.isNaN(count) || count < 1))) return undefined;
  const untilText = parts.get('UNTIL');
  const untilMatch = untilText === undefined ? undefined : /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(untilText);
  if (untilText !== undefined && !untilMatch) return undefined;
  const until = untilMatch ? `${untilMatch[1]}-${untilMatch[2]}-${untilMatch[3]}` : undefined;
  let byDay: number[] | undefined;
  const byDayText = parts.get('BYDAY');
  if (byDayText !== undefined) {
    byDay = [];
    for (const item of byDayText.split(',')) {
      const day = weekdays.get(item);
      if (day === undefined) return undefined;
      byDay.push(day);
    }
  }
  return { freq, interval, count, until, byDay };
}

/**
 * The dates in from..to (inclusive) on which a series starting on `start` occurs, or undefined
 * when the rule is beyond what the client expands.
 */
export function seriesDates(rule: string, start: CalendarDate, from: CalendarDate, to: CalendarDate): CalendarDate[] | undefined {
  const parsed = parseSimpleRule(rule);
  if (!parsed) return undefined;
  const last = parsed.until !== undefined && parsed.until < to ? parsed.until : to;
  // Without COUNT nothing before the range matters: start walking at the range.
  const walkFrom = parsed.count === undefined && from > start ? from : start;
  if (dayNumber(last) - dayNumber(walkFrom) > maxWalkDays) return undefined;
  const startDay = dayNumber(start);
  const startWeek = startDay - (isoWeekday(start) - 1);
  const dates: CalendarDate[] = [];
  let seen = 0;
  for (let date = walkFrom; date <= last; date = addDays(date, 1)) {
    const day = dayNumber(date);
    const occurs =
      parsed.freq === 'DAILY'
        ? (day - startDay) % parsed.interval === 0 && (parsed.byDay === undefined || parsed.byDay.includes(isoWeekday(date)))
        : Math.floor((day - startWeek) / 7) % parsed.interval === 0 && (parsed.byDay ?? [isoWeekday(start)]).includes(isoWeekday(date));
    if (!occurs) continue;
    seen += 1;
    if (parsed.count !== undefined && seen > parsed.count) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}
