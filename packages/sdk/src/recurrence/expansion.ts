import { type ExpansionBudget } from './budget.js';
import { dayMs, daysPerPeriod, firstPeriodFrom, minuteMs, periodAt, periodIndexAt, plan, selectPositions } from './periods.js';
import { parseRecurrenceRule, RuleError, type RecurrenceRule } from './rule.js';

/**
 * Expansion of a series within a bake range. The work is bounded by the range, never by the age
 * of the series or by what the rule asks for: the first period that can touch the range is
 * computed arithmetically, and only the periods inside the range are visited, each with a
 * small, fixed number of candidates. A rule that never occurs simply yields nothing.
 *
 * rrule (the library) is not used for this: its iterator only stops on an occurrence, so a rule
 * without one (the 30th of February, BYHOUR=3 with INTERVAL=2 from 08:00) walks to the year 9999.
 * The semantics follow RFC 5545 and rrule for the subset in rule.ts. Times are floating: a wall-clock date and time, without a zone
 * (intakes.ts places them in one).
 */

/** One occurrence of a series: a local date and a local clock time. */
export interface Occurrence {
  date: string;
  time: string;
}

/** Whether a rule can be expanded: when not, the part at fault and what to change. */
export type RecurrenceCheck = { ok: true } | { ok: false; part: string; message: string };

/**
 * The most periods a COUNT rule may be walked from its start to the range: COUNT needs every
 * earlier occurrence, and a sparse rule far from its start is refused rather than walked.
 */
export const maxCountedPeriods = 100_000;

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

/** Minutes after midnight of an `HH:mm` time. */
function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
