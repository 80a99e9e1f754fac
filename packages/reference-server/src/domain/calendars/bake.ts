import { maxBakeDays, type Alarm, type BakeCreate, type BakeQuery, type BakeResult, type CalendarEntry, type Device } from '@medsched/sdk/schemas';
import type { CalendarEntryRecord, UserRecord } from '../../db/models.js';
import { startTimeOf, toCalendarEntry } from './calendar-mapping.js';
import type { OperationContext } from '../operation/context.js';
import { findOrganization, findPatient } from '../directory/lookups.js';
import { withPatientLock } from './patient-lock.js';
import { inOneBatch, type WriteBatch } from '../../db/write-batch.js';
import { invalid } from '../operation/problems.js';
import { occurrencesGrowth } from '../operation/storage-quota.js';
import { ExpansionBudgetExceeded, expandRecurrence, type ExpansionBudget } from './recurrence.js';
import { RuleError } from './recurrence-rule.js';
import { assertOwnPatientData, isPatientRole } from '../access/tenancy.js';
import { daysInRange, eachDate, minutesOfDay, toLocalDate } from './zoned-time.js';

/** A patient's bake range in local dates of the patient's time zone. */
interface PatientRange {
  patient: UserRecord;
  from: string;
  to: string;
  dates: string[];
}

/** Resolves `from`/`to` (dates, or date-times read in the patient's zone) and checks the range. */
function patientRange(patient: UserRecord, from: string, to: string): PatientRange {
  const localFrom = toLocalDate(from, patient.timezone);
  const localTo = toLocalDate(to, patient.timezone);
  if (localFrom > localTo) throw invalid('to', `to (${localTo} in ${patient.timezone}) must not be before from (${localFrom})`);
  const days = daysInRange(localFrom, localTo);
  if (days > maxBakeDays) throw invalid('to', `the range covers ${days} days; at most ${maxBakeDays} are allowed`);
  return { patient, from: localFrom, to: localTo, dates: eachDate(localFrom, localTo) };
}

const isSeries = (entry: CalendarEntryRecord) => typeof entry.rrule === 'string' && entry.seriesId === null;

/** Entries of a patient dated in the range, read day by day through the patient-and-date index. */
function entriesInRange(ctx: OperationContext, range: PatientRange): CalendarEntryRecord[] {
  return range.dates.flatMap((date) => ctx.db.calendarEntries.group('patientDate', `${range.patient.id}|${date}`));
}

/** What one patient's part of a bake will write: drafts to finalize and occurrences to create. */
interface PatientBakePlan {
  drafts: CalendarEntryRecord[];
  occurrences: Array<{ series: CalendarEntryRecord; date: string; time: string }>;
}

/**
 * Plans one patient's range without writing: draft one-off entries dated in it become baked,
 * and every series gets one baked entry per occurrence (`seriesId` set, `rrule` null) unless it
 * already has one. `budget` is how many entries the bake may still touch; expansion stops just
 * past it, so that a runaway rule costs little before the bake is refused.
 */
function planPatient(ctx: OperationContext, range: PatientRange, budget: number, work: ExpansionBudget): PatientBakePlan {
  const { db } = ctx;
  const plan: PatientBakePlan = { drafts: [], occurrences: [] };
  for (const entry of entriesInRange(ctx, range)) {
    if (!entry.baked && entry.seriesId === null && !isSeries(entry)) plan.drafts.push(entry);
  }
  for (const series of db.calendarEntries.group('patient', range.patient.id).filter(isSeries)) {
    let occurrences;
    try {
      occurrences = expandRecurrence(series.rrule as string, series.date, startTimeOf(series), range.from, range.to, Math.max(0, budget - plan.drafts.length - plan.occurrences.length), work);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      // A rule stored before the checks existed (e.g. from an older data file): name the entry to fix.
      throw invalid('rrule', `calendar entry ${series.id} has a recurrence rule that cannot be expanded (${error.message}); correct it with PATCH /calendars/${series.id}`);
    }
    for (const occurrence of occurrences) {
      const sameDay = db.calendarEntries.group('patientDate', `${range.patient.id}|${occurrence.date}`);
      if (sameDay.some((entry) => entry.seriesId === series.id && startTimeOf(entry) === occurrence.time)) continue;
      plan.occurrences.push({ series, ...occurrence });
    }
  }
  return plan;
}

/**
 * Breaks in a long bake, so that other requests are served while it runs: after every few
 * milliseconds of work the bake waits for the next turn of the event loop. (A break after every
 * patient would cost a timer's millisecond each: 200 patients, 200 ms.)
 */
class Turns {
  static readonly sliceMs = 4;
  #since = performance.now();

  async next(): Promise<void> {
    if (performance.now() - this.#since < Turns.sliceMs) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    this.#since = performance.now();
  }
}

/** Writes a planned bake, in the request's batch. Everything that could fail was checked while planning. */
async function applyPlan(ctx: OperationContext, plan: PatientBakePlan, turns: Turns, batch: WriteBatch): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const pause = () => turns.next();
  for (const planned of plan.drafts) {
    // Other requests ran while the bake was planned: a draft changed since then is left as it is now.
    const entry = db.calendarEntries.get(planned.id);
    if (!entry || entry.baked || entry.seriesId !== null || isSeries(entry)) continue;
    await db.calendarEntries.update(
      entry,
      (draft) => {
        draft.baked = true;
        (draft as Record<string, unknown>).bakedAt = now;
      },
      batch,
    );
    await pause();
  }
  for (const { series, date, time } of plan.occurrences) {
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = series;
    await db.calendarEntries.create({
      ...fields,
      id: ctx.newId(),
      date,
      intakeTime: time,
      rrule: null,
      seriesId: series.id,
      baked: true,
      bakedAt: now,
      createdAt: now,
      updatedAt: now,
    } as CalendarEntryRecord, batch);
    await pause();
  }
}

/** Runs planning, turning a spent expansion budget into a 400 that says how to make the bake smaller. */
function withinBudget<T>(ctx: OperationContext, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof ExpansionBudgetExceeded)) throw error;
    throw invalid('to', `this bake would examine more than ${ctx.limits.bakeExpansionDays} series-days (many series or patients over a long range); bake fewer patients at a time or a shorter range`);
  }
}

/** Holds the bake locks of several patients (in id order, so that two bakes never wait on each other). */
function withPatientLocks<T>(ctx: OperationContext, patientIds: string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = patientIds;
  if (first === undefined) return work();
  return withPatientLock(ctx.db, first, () => withPatientLocks(ctx, rest, work));
}

/** Reverts one patient's range in the request's batch: occurrences are removed, baked one-offs return to drafts. */
async function unbakePatient(ctx: OperationContext, range: PatientRange, batch: WriteBatch): Promise<CalendarEntry[]> {
  const reverted: CalendarEntry[] = [];
  for (const entry of entriesInRange(ctx, range)) {
    if (!entry.baked) continue;
    if (entry.seriesId !== null) {
      ctx.db.calendarEntries.delete(entry, batch);
      reverted.push(toCalendarEntry({ ...entry, baked: false }));
    } else {
      const stored = await ctx.db.calendarEntries.update(
        entry,
        (draft) => {
          draft.baked = false;
          delete (draft as Record<string, unknown>).bakedAt;
        },
        batch,
      );
      reverted.push(toCalendarEntry(stored));
    }
  }
  return sortEntries(reverted);
}

function sortEntries(entries: CalendarEntry[]): CalendarEntry[] {
  return entries.sort(
    (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.userId.localeCompare(b.userId) || a.id.localeCompare(b.id),
  );
}

/**
 * The bake result of api-decisions.md for some patients: their baked entries in range, their
 * devices, the alarms of devices with `alarmEnable` 1 (one per device, day and time) and, for
 * each day of the range, the distinct alarm times in minutes after local midnight.
 */
function bakeResult(ctx: OperationContext, ranges: PatientRange[]): BakeResult {
  const data: CalendarEntry[] = [];
  const iotDevices: Device[] = [];
  const alarms: Alarm[] = [];
  const dayCount = ranges.reduce((most, range) => Math.max(most, range.dates.length), 0);
  const alarmMinutes = Array.from({ length: dayCount }, () => new Set<number>());

  for (const range of ranges) {
    const baked = entriesInRange(ctx, range).filter((entry) => entry.baked).map(toCalendarEntry);
    // One by one: spreading a big array into push() overflows the call stack.
    for (const entry of baked) data.push(entry);
    const devices = ctx.db.devices.group('patient', range.patient.id);
    for (const device of devices) iotDevices.push(device);
    const alarmDevices = devices.filter((device) => device.alarmEnable === 1);
    if (alarmDevices.length === 0) continue;
    const byDayAndTime = new Map<string, CalendarEntry[]>();
    for (const entry of baked) {
      const key = `${entry.date} ${entry.startTime}`;
      const due = byDayAndTime.get(key);
      if (due) due.push(entry);
      else byDayAndTime.set(key, [entry]);
    }
    for (const [key, entries] of [...byDayAndTime].sort(([a], [b]) => a.localeCompare(b))) {
      const [date = '', time = ''] = key.split(' ');
      alarmMinutes[daysInRange(range.from, date) - 1]?.add(minutesOfDay(time));
      for (const device of alarmDevices) {
        alarms.push({ deviceId: device.id, patient: range.patient.id, date, time, entryIds: entries.map((entry) => entry.id) });
      }
    }
  }
  return {
    data: sortEntries(data),
    iotDevices,
    dateNow: ctx.now().toISOString(),
    alarms,
    allAlarms: alarmMinutes.map((minutes) => [...minutes].sort((a, b) => a - b)),
  };
}

/** The patients a bake request targets, each checked against the caller's organization. */
function bakeTargets(ctx: OperationContext, body: BakeCreate): UserRecord[] {
  if (body.patient !== undefined) return [findPatient(ctx, body.patient)];
  const organization = body.organization === undefined ? ctx.caller.organizationId : findOrganization(ctx, body.organization).id;
  return ctx.db.users
    .group('organization', organization)
    .filter((user) => isPatientRole(user.role))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * `POST /calendars/bake`: bakes the range for one patient or all patients of an organization,
 * all or nothing: every patient's part is planned (and every rule expanded) before the first
 * write, and a bake over the entry limit is refused before anything changes.
 */
export async function bake(ctx: OperationContext, body: BakeCreate): Promise<BakeResult> {
  const ranges = bakeTargets(ctx, body).map((patient) => patientRange(patient, body.from, body.to));
  const limit = ctx.limits.bakeEntries;
  await withPatientLocks(
    ctx,
    ranges.map((range) => range.patient.id),
    async () => {
      const plans: PatientBakePlan[] = [];
      const turns = new Turns();
      const work: ExpansionBudget = { days: ctx.limits.bakeExpansionDays };
      let total = 0;
      for (const range of ranges) {
        // Planning is synchronous work per patient: other requests get their turn in between.
        await turns.next();
        const plan = withinBudget(ctx, () => planPatient(ctx, range, limit - total, work));
        total += plan.drafts.length + plan.occurrences.length;
        if (total > limit) throw tooBig(ctx, body, ranges, limit);
        plans.push(plan);
      }
      // The answer lists every baked entry of the range, those of earlier bakes included.
      const alreadyBaked = ranges.reduce((sum, range) => sum + bakedInRange(ctx, range), 0);
      if (alreadyBaked + total > limit) throw tooManyToAnswer(alreadyBaked + total, ranges, limit, 'with this bake, ');
      // New occurrences count against the organization's quota, checked before the first write.
      ctx.storageQuota?.check(ctx.caller.organizationId, occurrencesGrowth(plans));
      // One batch for the whole request: persistence records it as one journal line, so a crash
      // leaves every patient's range baked or none of it (other requests still get their turns).
      await inOneBatch(async (batch) => {
        for (const plan of plans) await applyPlan(ctx, plan, turns, batch);
      });
    },
  );
  return bakeResult(ctx, ranges);
}

/** The problem for a bake over the limit, with how many entries it would touch (counted up to 100 times the limit). */
function tooBig(ctx: OperationContext, body: BakeCreate, ranges: PatientRange[], limit: number) {
  let countLimit = limit * 100;
  let count = 0;
  // Counting is bounded like the bake itself: one expansion budget for all patients.
  const work: ExpansionBudget = { days: ctx.limits.bakeExpansionDays };
  for (const range of ranges) {
    if (count > countLimit) break;
    try {
      const plan = planPatient(ctx, range, countLimit - count, work);
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

/** How many baked entries a patient has in the range. */
function bakedInRange(ctx: OperationContext, range: PatientRange): number {
  let count = 0;
  for (const date of range.dates) {
    for (const entry of ctx.db.calendarEntries.group('patientDate', `${range.patient.id}|${date}`)) if (entry.baked) count++;
  }
  return count;
}

/** A read or revert of more baked entries than one request may carry (earlier bakes add up). */
function tooManyToAnswer(count: number, ranges: PatientRange[], limit: number, prefix = '') {
  const days = ranges[0]?.dates.length ?? 0;
  const perRequest = Math.max(1, Math.floor((days * limit) / count));
  return invalid('to', `${prefix}the range holds ${count} baked calendar entries over ${days} days; at most ${limit} are allowed per request: use a shorter range, e.g. ${perRequest} days per request`);
}

/**
 * `GET /calendars/bake`: reads one patient's baked schedule; changes nothing. It waits for a bake
 * or unbake of the patient that is under way: a device must never be given half of one, which
 * a crash before its journal record could take back.
 */
export async function readBake(ctx: OperationContext, query: BakeQuery): Promise<BakeResult> {
  const patient = findPatient(ctx, query.patient);
  assertOwnPatientData(ctx.caller, patient.id, 'bake result');
  const range = patientRange(patient, query.from, query.to);
  return withPatientLock(ctx.db, patient.id, async () => {
    const baked = bakedInRange(ctx, range);
    if (baked > ctx.limits.bakeEntries) throw tooManyToAnswer(baked, [range], ctx.limits.bakeEntries);
    return bakeResult(ctx, [range]);
  });
}

/** `DELETE /calendars/bake`: reverts one patient's range and returns the reverted entries. */
export async function unbake(ctx: OperationContext, query: BakeQuery): Promise<CalendarEntry[]> {
  const range = patientRange(findPatient(ctx, query.patient), query.from, query.to);
  return withPatientLock(ctx.db, range.patient.id, () => {
    const baked = bakedInRange(ctx, range);
    if (baked > ctx.limits.bakeEntries) throw tooManyToAnswer(baked, [range], ctx.limits.bakeEntries);
    // All of the range's changes in one journal record: a crash reverts all of it or none.
    return inOneBatch((batch) => unbakePatient(ctx, range, batch));
  });
}
