import { spend, type ExpansionBudget } from './budget.js';
import type { RecurrenceRule, Weekday } from './rule.js';

/**
 * The periods of a rule (an hour, day, week, month or year, per FREQ and INTERVAL) and the
 * candidate instants each holds, on floating local time in milliseconds (a wall-clock date and
 * time read as if it were UTC): the arithmetic under expansion.ts.
 */

export const minuteMs = 60_000;
const hourMs = 3_600_000;
export const dayMs = 86_400_000;

const weekdayOf = (day: number): Weekday => ((((day + 3) % 7) + 7) % 7) as Weekday; // 1970-01-01 was a Thursday
const monthIndexOf = (day: number): number => {
  const date = new Date(day * dayMs);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};
const firstDayOfMonth = (monthIndex: number): number => Date.UTC(Math.floor(monthIndex / 12), monthIndex % 12, 1) / dayMs;

/** The rule with RFC 5545's defaults from the series start filled in, so each period stands alone. */
export interface Plan {
  rule: RecurrenceRule;
  hours: number[];
  minutes: number[];
  byMonthDay: number[] | undefined;
  byMonth: number[] | undefined;
  byDay: RecurrenceRule['byDay'];
}

export function plan(rule: RecurrenceRule, startDay: number, startMinutes: number): Plan {
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
export function selectPositions(candidates: number[], positions: number[] | undefined): number[] {
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
export interface Period {
  start: number;
  candidates: () => number[];
}

/** Period `k` of the series (k = 0 holds the start), per frequency and interval. */
export function periodAt(plan: Plan, k: number, startDay: number, startMinutes: number, budget: ExpansionBudget): Period {
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
export function firstPeriodFrom(plan: Plan, from: number, startDay: number, startMinutes: number): number {
  return Math.max(0, periodIndexAt(plan, from, startDay, startMinutes));
}

/** The index of the period that holds `from` (floating ms); negative before the first period. */
export function periodIndexAt(plan: Plan, from: number, startDay: number, startMinutes: number): number {
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

/** The most days one period examines (an hourly period counts as one, as in `spend`). */
export const daysPerPeriod: Readonly<Record<RecurrenceRule['freq'], number>> = { HOURLY: 1, DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 };
