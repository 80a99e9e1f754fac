import { maxBakeDays, type BakeCreate } from '@medsched/sdk/schemas';
import type { CalendarEntryRecord, UserRecord } from '../../db/models.js';
import { startTimeOf } from './calendar-mapping.js';
import type { OperationContext } from '../operation/context.js';
import { conflict, invalid } from '../operation/problems.js';
import type { WorkSlices } from '../operation/work-slices.js';
import { ExpansionBudgetExceeded, expansionCost, expansionSteps, parseRecurrenceRule, RuleError, type ExpansionBudget, type Occurrence, type RecurrenceRule } from '@medsched/sdk/recurrence';
import { daysInRange, eachDate, toLocalDate } from './zoned-time.js';

/**
 * A bake's planning: what it would write, computed without writing, in slices (other requests
 * are served in between, also within one patient's thousands of series), after an estimate of
 * its work that refuses an oversized bake before any expansion.
 */

/** A patient's bake range in local dates of the patient's time zone. */
export interface PatientRange {
  patient: UserRecord;
  from: string;
  to: string;
  dates: string[];
}

/** Resolves `from`/`to` (dates, or date-times read in the patient's zone) and checks the range. */
export function patientRange(patient: UserRecord, from: string, to: string): PatientRange {
  const localFrom = toLocalDate(from, patient.timezone);
  const localTo = toLocalDate(to, patient.timezone);
  if (localFrom > localTo) throw invalid('to', `to (${localTo} in ${patient.timezone}) must not be before from (${localFrom})`);
  const days = daysInRange(localFrom, localTo);
  if (days > maxBakeDays) throw invalid('to', `the range covers ${days} days; at most ${maxBakeDays} are allowed`);
  return { patient, from: localFrom, to: localTo, dates: eachDate(localFrom, localTo) };
}

export const isSeries = (entry: CalendarEntryRecord) => typeof entry.rrule === 'string' && entry.seriesId === null;

/** Entries of a patient dated in the range, read day by day through the patient-and-date index. */
export function entriesInRange(ctx: OperationContext, range: PatientRange): CalendarEntryRecord[] {
  return range.dates.flatMap((date) => ctx.db.calendarEntries.group('patientDate', `${range.patient.id}|${date}`));
}

/** What one patient's part of a bake will write: drafts to finalize and occurrences to create. */
export interface PatientBakePlan {
  drafts: CalendarEntryRecord[];
  occurrences: Array<{ series: CalendarEntryRecord; date: string; time: string }>;
}

/**
 * Parsed rules by stored record: a record is never changed in place (an update stores a new
 * object), so the entry is right as long as the record lives, and goes with it.
 */
const parsedRules = new WeakMap<CalendarEntryRecord, RecurrenceRule>();

/** The series' parsed rule; a rule stored before the checks existed (an older data file) names the entry to fix. */
function ruleOf(series: CalendarEntryRecord): RecurrenceRule {
  let parsed = parsedRules.get(series);
  if (parsed === undefined) {
    try {
      parsed = parseRecurrenceRule(series.rrule as string);
    } catch (error) {
      throw unexpandable(series, error);
    }
    parsedRules.set(series, parsed);
  }
  return parsed;
}

function unexpandable(series: CalendarEntryRecord, error: unknown): Error {
  if (!(error instanceof RuleError)) return error as Error;
  return invalid('rrule', `calendar entry ${series.id} has a recurrence rule that cannot be expanded (${error.message}); correct it with PATCH /calendars/${series.id}`);
}

/** The patient's series (drafts with a rule), in store order. */
function seriesOf(ctx: OperationContext, patientId: string): CalendarEntryRecord[] {
  return ctx.db.calendarEntries.group('patient', patientId).filter(isSeries);
}

/**
 * Refuses a bake whose expansion would examine more series-days than one request may, before
 * any expansion: the estimate is arithmetic (periods that can touch the range × days a period
 * examines, per series), an upper bound of what planning would spend.
 */
export async function checkExpansionEstimate(ctx: OperationContext, ranges: PatientRange[], slices: WorkSlices): Promise<void> {
  const budget = ctx.limits.bakeExpansionDays;
  let estimate = 0;
  let seriesCount = 0;
  for (const range of ranges) {
    for (const series of seriesOf(ctx, range.patient.id)) {
      seriesCount += 1;
      estimate += expansionCost(ruleOf(series), series.date, startTimeOf(series), range.from, range.to);
      // Parsing a rule costs about as much as expanding a few days of it.
      if (slices.add(10)) await slices.pause();
    }
  }
  if (estimate <= budget) return;
  const days = ranges[0]?.dates.length ?? 0;
  const perRequest = Math.max(1, Math.floor((days * budget) / estimate));
  throw invalid(
    'to',
    `this bake would examine up to ${estimate} series-days (${seriesCount} series over ${days} days for ${ranges.length} patient(s)); at most ${budget} are allowed per request: bake fewer patients at a time or a shorter range, e.g. ${perRequest} days per request`,
  );
}

/**
 * Plans one patient's range without writing: draft one-off entries dated in it become baked,
 * and every series gets one baked entry per occurrence (`seriesId` set, `rrule` null) unless it
 * already has one. `limit` is how many entries the bake may still touch; expansion stops just
 * past it, so that a runaway rule costs little before the bake is refused. Expansion runs period
 * by period in `slices`.
 */
export async function planPatient(ctx: OperationContext, range: PatientRange, limit: number, work: ExpansionBudget, slices: WorkSlices): Promise<PatientBakePlan> {
  const { db } = ctx;
  const plan: PatientBakePlan = { drafts: [], occurrences: [] };
  for (const entry of entriesInRange(ctx, range)) {
    if (!entry.baked && entry.seriesId === null && !isSeries(entry)) plan.drafts.push(entry);
  }
  if (slices.add(range.dates.length)) await slices.pause();
  for (const series of seriesOf(ctx, range.patient.id)) {
    const steps = expansionSteps(ruleOf(series), series.date, startTimeOf(series), range.from, range.to, Math.max(0, limit - plan.drafts.length - plan.occurrences.length), work);
    let occurrences: Occurrence[];
    try {
      for (;;) {
        const step = steps.next();
        if (step.done) {
          occurrences = step.value;
          break;
        }
        if (slices.add(step.value)) await slices.pause();
      }
    } catch (error) {
      throw unexpandable(series, error);
    }
    for (const occurrence of occurrences) {
      const sameDay = db.calendarEntries.group('patientDate', `${range.patient.id}|${occurrence.date}`);
      if (sameDay.some((entry) => entry.seriesId === series.id && startTimeOf(entry) === occurrence.time)) continue;
      plan.occurrences.push({ series, ...occurrence });
    }
    if (slices.add(1 + occurrences.length)) await slices.pause();
  }
  return plan;
}

/** Runs planning, turning a spent expansion budget into a 400 that says how to make the bake smaller. */
export async function withinBudget<T>(ctx: OperationContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ExpansionBudgetExceeded)) throw error;
    throw invalid('to', `this bake would examine more than ${ctx.limits.bakeExpansionDays} series-days (many series or patients over a long range); bake fewer patients at a time or a shorter range`);
  }
}

/**
 * Refuses to write a plan whose series changed (or went) while it was planned: other requests
 * run between the slices, and occurrences of a series as it no longer is must never be created.
 */
export function checkSeriesUnchanged(ctx: OperationContext, plans: PatientBakePlan[]): void {
  for (const plan of plans) {
    for (const { series } of plan.occurrences) {
      if (ctx.db.calendarEntries.get(series.id) !== series) {
        throw conflict(`calendar entry ${series.id} (a series) changed while the bake was planned; nothing was baked: bake again`);
      }
    }
  }
}

/** The problem for a bake over the limit, with how many entries it would touch (counted up to 100 times the limit). */
export async function tooBig(ctx: OperationContext, body: BakeCreate, ranges: PatientRange[], limit: number, slices: WorkSlices) {
  let countLimit = limit * 100;
  let count = 0;
  // Counting is bounded like the bake itself: one expansion budget for all patients.
  const work: ExpansionBudget = { days: ctx.limits.bakeExpansionDays };
  for (const range of ranges) {
    if (count > countLimit) break;
    try {
      const plan = await planPatient(ctx, range, countLimit - count, work, slices);
      count += plan.drafts.length + plan.occurrences.length;
    } catch (error) {
      if (!(error instanceof ExpansionBudgetExceeded)) throw error;
      countLimit = Math.max(limit, count - 1); // counted this far only: "more than" what was seen
      count = countLimit + 1;
      break;
    }
  }
  const days = ranges[0]?.dates.length ?? 0;
  const perRequest = Math.max(1, Math.floor((days * limit) / count));
  const split = body.patient === undefined ? 'bake one patient at a time (body.patient) or a shorter range' : 'bake a shorter range';
  return invalid(
    'to',
    `this bake would create ${count > countLimit ? `more than ${countLimit}` : count} calendar entries over ${days} days for ${ranges.length} patient(s); at most ${limit} are allowed per request: ${split}, e.g. ${perRequest} days per request`,
  );
}
