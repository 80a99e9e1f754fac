import { type Alarm, type BakeCreate, type BakeQuery, type BakeResult, type CalendarEntry, type Device } from '@medsched/sdk/schemas';
import type { UserRecord } from '../../db/models.js';
import { toCalendarEntry } from './calendar-mapping.js';
import type { OperationContext } from '../operation/context.js';
import { findOrganization, findPatient } from '../directory/lookups.js';
import { withPatientLock } from './patient-lock.js';
import { inOneBatch, type WriteBatch } from '../../db/write-batch.js';
import { invalid } from '../operation/problems.js';
import { occurrencesGrowth } from '../operation/storage-quota.js';
import type { ExpansionBudget } from '@medsched/sdk/recurrence';
import { WorkSlices } from '../operation/work-slices.js';
import { checkExpansionEstimate, checkSeriesUnchanged, entriesInRange, isSeries, patientRange, planPatient, tooBig, withinBudget, type PatientBakePlan, type PatientRange } from './bake-planning.js';
import { assertOwnPatientData, isPatientRole } from '../access/tenancy.js';
import { daysInRange, minutesOfDay } from './zoned-time.js';

/** Work units one write counts for in a slice (a write costs about as much as expanding 20 days). */
const writeUnits = 20;

/** Writes a planned bake, in the request's batch. Everything that could fail was checked while planning. */
async function applyPlan(ctx: OperationContext, plan: PatientBakePlan, slices: WorkSlices, batch: WriteBatch): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const pause = () => slices.spend(writeUnits);
  for (const planned of plan.drafts) {
    // Other requests ran while the bake was planned: a draft changed since then is left as it is now.
    const entry = db.calendarEntries.get(planned.id);
    if (!entry || entry.baked || entry.seriesId !== null || isSeries(entry)) continue;
    await db.calendarEntries.update(
      entry,
      (draft) => {
        draft.baked = true;
        (draft as Record<string, unknown>).bakedAt = now;
        // The time of this write, not the bake's start: the bake writes in slices, and a copy read
        // meanwhile must find the entry changed after what it read (see the SDK's "Keeping a copy").
        draft.updatedAt = ctx.now().toISOString();
      },
      batch,
    );
    await pause();
  }
  for (const { series, date, time } of plan.occurrences) {
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = series;
    await db.calendarEntries.create(
      {
        ...fields,
        id: ctx.newId(),
        date,
        intakeTime: time,
        rrule: null,
        seriesId: series.id,
        baked: true,
        bakedAt: now,
        createdAt: now,
        updatedAt: ctx.now().toISOString(),
      },
      batch,
    );
    await pause();
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
          draft.updatedAt = ctx.now().toISOString(); // every change moves updatedAt
        },
        batch,
      );
      reverted.push(toCalendarEntry(stored));
    }
  }
  return sortEntries(reverted);
}

function sortEntries(entries: CalendarEntry[]): CalendarEntry[] {
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.userId.localeCompare(b.userId) || a.id.localeCompare(b.id));
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
    const baked = entriesInRange(ctx, range)
      .filter((entry) => entry.baked)
      .map(toCalendarEntry);
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
  const slices = new WorkSlices();
  // Before taking any lock or expanding anything: an oversized bake costs an estimate only.
  await checkExpansionEstimate(ctx, ranges, slices);
  await withPatientLocks(
    ctx,
    ranges.map((range) => range.patient.id),
    async () => {
      const plans: PatientBakePlan[] = [];
      const work: ExpansionBudget = { days: ctx.limits.bakeExpansionDays };
      let total = 0;
      for (const range of ranges) {
        // Planning runs in slices (within a patient too): other requests get their turns in between.
        const plan = await withinBudget(ctx, () => planPatient(ctx, range, limit - total, work, slices));
        total += plan.drafts.length + plan.occurrences.length;
        if (total > limit) throw await tooBig(ctx, body, ranges, limit, slices);
        plans.push(plan);
      }
      // The answer lists every baked entry of the range, those of earlier bakes included.
      const alreadyBaked = ranges.reduce((sum, range) => sum + bakedInRange(ctx, range), 0);
      if (alreadyBaked + total > limit) throw tooManyToAnswer(alreadyBaked + total, ranges, limit, 'with this bake, ');
      // New occurrences count against the organization's quota, checked before the first write.
      ctx.storageQuota?.check(ctx.caller.organizationId, occurrencesGrowth(plans));
      // One batch for the whole request: persistence records it as one journal line, so a crash
      // leaves every patient's range baked or none of it (other requests still get their turns).
      // Checked after the last break of planning and before the first write (no break in between).
      checkSeriesUnchanged(ctx, plans);
      await inOneBatch(async (batch) => {
        for (const plan of plans) await applyPlan(ctx, plan, slices, batch);
      });
    },
  );
  return bakeResult(ctx, ranges);
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
  return invalid(
    'to',
    `${prefix}the range holds ${count} baked calendar entries over ${days} days; at most ${limit} are allowed per request: use a shorter range, e.g. ${perRequest} days per request`,
  );
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
  return withPatientLock(ctx.db, patient.id, () => {
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
