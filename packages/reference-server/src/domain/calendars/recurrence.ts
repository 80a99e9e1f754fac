import { parseRecurrenceRule, RuleError, type RecurrenceRule, type Weekday } from './recurrence-rule.js';
import { minutesOfDay } from './zoned-time.js';

/**
 * Expansion of a series within a bake range. The work is bounded by the range, never by the age
 * of the series or by what the rule asks for: the first period that can touch the range is
 * computed arithmetically, and only the periods inside the range are visited, each with a
 * small, fixed number of candidates. A rule that never occurs simply yields nothing.
 *
 * rrule (the library) is not used for this: its iterator only stops on an occurrence, so a rule
 * without one (the 30th of February, BYHOUR=3 with INTERVAL=2 from 08:00) walks to the year 9999.
 * The semantics follow RFC 5545 and rrule for the subset in recurrence-rule.ts.
 */

/** One occurrence of a series: a local date and a local clock time. */
export interface Occurrence {
  date: string;
  time: string;
}

export type RecurrenceCheck = { ok: true } | { ok: false; part: string; message: string };

/**
 * The most periods a COUNT rule may be walked from its start to the range: COUNT needs every
 * earlier occurrence, and a sparse rule far from its start is refused rather than walked.
 */
export const maxCountedPeriods = 100_000;

/**
 * Work shared by every expansion of one request, in days examined (an hourly period counts as
 * one): many series or patients add up, so a bake is bounded as a whole, not only per rule.
 */
export interface ExpansionBudget {
  days: number;
}

/** A bake would examine more days than its budget: the caller refuses it with a 400. */
export class ExpansionBudgetExceeded extends Error {}

function spend(budget: ExpansionBudget, days: number): void {
  budget.days -= days;
  if (budget.days < 0) throw new ExpansionBudgetExceeded('the expansion budget is spent');
}

const minuteMs = 60_000;
const hourMs = 3_600_000;
const dayMs = 86_400_000;

/** Whether a string is a rule the bake can expand; used to reject bad rules when an entry is written. */
export function checkRecurrence(rule: string): RecurrenceCheck {
  try {
    parseRecurrenceRule(rule);
    return { ok: true };
  } catch (error) {
    if (error instanceof RuleError) return { ok: false, part: error.part, message: error.message };
    throw error;
  }
}

const weekdayOf = (day: number): Weekday => ((((day + 3) % 7) + 7) % 7) as Weekday; // 1970-01-01 was a Thursday
const monthIndexOf = (day: number): number => {
  const date = new Date(day * dayMs);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};
const firstDayOfMonth = (monthIndex: number): number => Date.UTC(Math.floor(monthIndex / 12), monthIndex % 12, 1) / dayMs;

/** The rule with RFC 5545's defaults from the series start filled in, so each period stands alone. */
interface Plan {
  rule: RecurrenceRule;
  hours: number[];
  minutes: number[];
  byMonthDay: number[] | undefined;
  byMonth: number[] | undefined;
  byDay: RecurrenceRule['byDay'];
}

function plan(rule: RecurrenceRule, startDay: number, startMinutes: number): Plan {
  let { byMonthDay, byMonth, byDay } = rule;
  if (!byMonthDay && !byDay) {
    const date = new Date(startDay * dayMs);
    if (rule.freq === 'WEEKLY') byDay = [{ weekday: weekdayOf(startDay), nth: undefined }];
    if (rule.freq === 'MONTHLY') byMonthDay = [date.getUTCDate()];
    if (rule.freq === 'YEARLY') {
      byMonth ??= [date.getUTCMonth() + 1];
      byMonthDay = [date.getUTCDate()];
    }
  }
  return {
    rule,
    hours: [...(rule.byHour ?? [Math.floor(startMinutes / 60)])].sort((a, b) => a - b),
    minutes: [...(rule.byMinute ?? [startMinutes % 60])].sort((a, b) => a - b),
    byMonthDay,
    byMonth,
    byDay,
  };
}

/** Whether a day passes the BYMONTH, BYMONTHDAY and BYDAY parts (ordinals counted in `scope`). */
function dayMatches(plan: Plan, day: number, scope: { first: number; last: number }): boolean {
  const date = new Date(day * dayMs);
  if (plan.byMonth && !plan.byMonth.includes(date.getUTCMonth() + 1)) return false;
  if (plan.byMonthDay) {
    const dayOfMonth = date.getUTCDate();
    const monthLength = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    if (!plan.byMonthDay.some((wanted) => (wanted > 0 ? wanted === dayOfMonth : monthLength + 1 + wanted === dayOfMonth))) return false;
  }
  if (plan.byDay) {
    const weekday = weekdayOf(day);
    const matches = plan.byDay.some(({ weekday: wanted, nth }) => {
      if (wanted !== weekday) return false;
      if (nth === undefined) return true;
      // The nth such weekday of the scope (month or year), counted from its start or its end.
      return nth > 0 ? Math.floor((day - scope.first) / 7) + 1 === nth : Math.floor((scope.last - day) / 7) + 1 === -nth;
    });
    if (!matches) return false;
  }
  return true;
}

/** BYSETPOS: picks positions (1 = first, -1 = last) from one period's sorted candidates. */
function selectPositions(candidates: number[], positions: number[] | undefined): number[] {
  if (!positions) return candidates;
  const picked = new Set<number>();
  for (const position of positions) {
    const index = position > 0 ? position - 1 : candidates.length + position;
    const value = candidates[index];
    if (value !== undefined) picked.add(value);
  }
  return [...picked].sort((a, b) => a - b);
}

/** Candidate instants (floating ms) of a span of days, at the plan's times of day. */
function daysAtTimes(plan: Plan, first: number, last: number, scope: (day: number) => { first: number; last: number }, budget: ExpansionBudget): number[] {
  spend(budget, last - first + 1);
  const found: number[] = [];
  for (let day = first; day <= last; day++) {
    if (!dayMatches(plan, day, scope(day))) continue;
    for (const hour of plan.hours) for (const minute of plan.minutes) found.push(day * dayMs + hour * hourMs + minute * minuteMs);
  }
  return found;
}

/** A period of the rule: where it starts (ms) and its candidates, before BYSETPOS. */
interface Period {
  start: number;
  candidates: () => number[];
}

/** Period `k` of the series (k = 0 holds the start), per frequency and interval. */
function periodAt(plan: Plan, k: number, startDay: number, startMinutes: number, budget: ExpansionBudget): Period {
  const { rule } = plan;
  const step = k * rule.interval;
  const monthScope = (day: number) => {
    const month = monthIndexOf(day);
    return { first: firstDayOfMonth(month), last: firstDayOfMonth(month + 1) - 1 };
  };
  switch (rule.freq) {
    case 'HOURLY': {
      const hourStart = startDay * dayMs + Math.floor(startMinutes / 60) * hourMs + step * hourMs;
      return {
        start: hourStart,
        candidates: () => {
          spend(budget, 1);
          const day = Math.floor(hourStart / dayMs);
          const hour = Math.floor((hourStart - day * dayMs) / hourMs);
          if (rule.byHour && !rule.byHour.includes(hour)) return [];
          if (!dayMatches(plan, day, monthScope(day))) return [];
          return plan.minutes.map((minute) => hourStart + minute * minuteMs);
        },
      };
    }
    case 'DAILY': {
      const day = startDay + step;
      return { start: day * dayMs, candidates: () => daysAtTimes(plan, day, day, monthScope, budget) };
    }
    case 'WEEKLY': {
      const weekStart = startDay - ((weekdayOf(startDay) - rule.weekStart + 7) % 7) + step * 7;
      // As in rrule, the first week starts on the series' first day (BYSETPOS counts from there).
      const first = k === 0 ? startDay : weekStart;
      return { start: weekStart * dayMs, candidates: () => daysAtTimes(plan, first, weekStart + 6, monthScope, budget) };
    }
    case 'MONTHLY': {
      const month = monthIndexOf(startDay) + step;
      const first = firstDayOfMonth(month);
      return { start: first * dayMs, candidates: () => daysAtTimes(plan, first, firstDayOfMonth(month + 1) - 1, monthScope, budget) };
    }
    case 'YEARLY': {
      const year = new Date(startDay * dayMs).getUTCFullYear() + step;
      const first = Date.UTC(year, 0, 1) / dayMs;
      const last = Date.UTC(year + 1, 0, 1) / dayMs - 1;
      // Ordinal BYDAY counts within each month when BYMONTH is given, else within the year (as rrule).
      const scope = plan.byMonth ? monthScope : () => ({ first, last });
      return { start: first * dayMs, candidates: () => daysAtTimes(plan, first, last, scope, budget) };
    }
  }
}

/** The index of the first period that can hold an instant at or after `from` (floating ms). */
function firstPeriodFrom(plan: Plan, from: number, startDay: number, startMinutes: number): number {
  return Math.max(0, periodIndexAt(plan, from, startDay, startMinutes));
}

/** The index of the period that holds `from` (floating ms); negative before the first period. */
function periodIndexAt(plan: Plan, from: number, startDay: number, startMinutes: number): number {
  const { rule } = plan;
  const fromDay = Math.floor(from / dayMs);
  let units: number;
  switch (rule.freq) {
    case 'HOURLY':
      units = Math.floor((from - (startDay * dayMs + Math.floor(startMinutes / 60) * hourMs)) / hourMs);
      break;
    case 'DAILY':
      units = fromDay - startDay;
      break;
    case 'WEEKLY':
      units = Math.floor((fromDay - (startDay - ((weekdayOf(startDay) - rule.weekStart + 7) % 7))) / 7);
      break;
    case 'MONTHLY':
      units = monthIndexOf(fromDay) - monthIndexOf(startDay);
      break;
    case 'YEARLY':
      units = new Date(from).getUTCFullYear() - new Date(startDay * dayMs).getUTCFullYear();
      break;
  }
  return Math.floor(units / rule.interval);
}

/**
 * The occurrences of a series within `from`..`to` (local dates, inclusive), at most `limit` + 1
 * of them (the caller refuses more than `limit`). The series starts on `firstDate` at
 * `startTime`. Times are floating wall-clock times, so a daily 08:00 stays at 08:00 local time
 * across a daylight-saving change, as a patient expects. Throws a {@link RuleError} for a rule
 * that is not valid (e.g. stored before the checks existed), and {@link ExpansionBudgetExceeded}
 * once `budget` is spent.
 */
export function expandRecurrence(
  rule: string,
  firstDate: string,
  startTime: string,
  from: string,
  to: string,
  limit = Number.MAX_SAFE_INTEGER,
  budget: ExpansionBudget = { days: Number.POSITIVE_INFINITY },
): Occurrence[] {
  const steps = expansionSteps(parseRecurrenceRule(rule), firstDate, startTime, from, to, limit, budget);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * {@link expandRecurrence} one period at a time, for a caller that runs long expansions in
 * slices (bake-planning.ts): each `yield` is the days one period examined, and the generator's
 * return value is the occurrences. `rule` is parsed already (a bake parses each rule once).
 */
export function* expansionSteps(
  parsed: RecurrenceRule,
  firstDate: string,
  startTime: string,
  from: string,
  to: string,
  limit = Number.MAX_SAFE_INTEGER,
  budget: ExpansionBudget = { days: Number.POSITIVE_INFINITY },
): Generator<number, Occurrence[], void> {
  const startMinutes = minutesOfDay(startTime);
  const startDay = Date.parse(`${firstDate}T00:00:00Z`) / dayMs;
  const start = startDay * dayMs + startMinutes * minuteMs;
  const rangeStart = Date.parse(`${from}T00:00:00Z`);
  const rangeEnd = Date.parse(`${to}T00:00:00Z`) + dayMs - 1;
  const end = Math.min(rangeEnd, parsed.until ?? Number.POSITIVE_INFINITY);
  const steps = plan(parsed, startDay, startMinutes);

  // COUNT needs every occurrence since the start; everything else starts at the range.
  let k = parsed.count === undefined ? firstPeriodFrom(steps, rangeStart, startDay, startMinutes) : 0;
  let remaining = parsed.count ?? Number.POSITIVE_INFINITY;
  const found: number[] = [];
  for (let walked = 0; ; k++, walked++) {
    const period = periodAt(steps, k, startDay, startMinutes, budget);
    if (period.start > end || remaining <= 0 || found.length > limit) break;
    if (parsed.count !== undefined && walked >= maxCountedPeriods) {
      throw new RuleError('COUNT', `the series starts too long before the range for COUNT to be counted (more than ${maxCountedPeriods} periods); use UNTIL instead`);
    }
    const before = budget.days;
    for (const instant of selectPositions(period.candidates(), parsed.bySetPos)) {
      if (instant < start || instant > end || remaining <= 0) continue;
      remaining--;
      if (instant >= rangeStart) found.push(instant);
    }
    yield before - budget.days;
  }
  return found.slice(0, limit + 1).map((instant) => {
    const iso = new Date(instant).toISOString();
    return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
  });
}

/**
 * An upper bound, computed without expanding, of the days {@link expansionSteps} examines for
 * this series and range (what it spends of an {@link ExpansionBudget}): the periods that can
 * touch the range (from the series start for COUNT) times the days one period examines. A bake
 * sums it over its series and refuses before any expansion when the sum is over its budget.
 */
export function expansionCost(parsed: RecurrenceRule, firstDate: string, startTime: string, from: string, to: string): number {
  const startMinutes = minutesOfDay(startTime);
  const startDay = Date.parse(`${firstDate}T00:00:00Z`) / dayMs;
  const rangeStart = Date.parse(`${from}T00:00:00Z`);
  const end = Math.min(Date.parse(`${to}T00:00:00Z`) + dayMs - 1, parsed.until ?? Number.POSITIVE_INFINITY);
  const steps = plan(parsed, startDay, startMinutes);
  const first = parsed.count === undefined ? firstPeriodFrom(steps, rangeStart, startDay, startMinutes) : 0;
  // The last period that starts at or before the end (negative: none does).
  const last = periodIndexAt(steps, end, startDay, startMinutes);
  let periods = Math.max(0, last - first + 1);
  if (parsed.count !== undefined) periods = Math.min(periods, maxCountedPeriods);
  return periods * daysPerPeriod[parsed.freq];
}

/** The most days one period examines (an hourly period counts as one, as in `spend`). */
const daysPerPeriod: Readonly<Record<RecurrenceRule['freq'], number>> = { HOURLY: 1, DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 };
