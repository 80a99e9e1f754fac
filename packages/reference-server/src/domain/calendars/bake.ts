import { maxBakeDays, type Alarm, type BakeCreate, type BakeQuery, type BakeResult, type CalendarEntry, type Device } from '@medsched/sdk/schemas';
import type { CalendarEntryRecord, UserRecord } from '../../db/models.js';
import { startTimeOf, toCalendarEntry } from './calendar-mapping.js';
import type { OperationContext } from '../operation/context.js';
import { findOrganization, findPatient } from '../directory/lookups.js';
import { withPatientLock } from './patient-lock.js';
import { invalid } from '../operation/problems.js';
import { expandRecurrence } from './recurrence.js';
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

/**
 * Bakes one patient's range: draft one-off entries dated in it become baked, and every series
 * gets one baked entry per occurrence (`seriesId` set, `rrule` null) unless it already has one.
 */
async function bakePatient(ctx: OperationContext, range: PatientRange): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  for (const entry of entriesInRange(ctx, range)) {
    if (!entry.baked && entry.seriesId === null && !isSeries(entry)) {
      await db.calendarEntries.update(entry, (draft) => {
        draft.baked = true;
        (draft as Record<string, unknown>).bakedAt = now;
      });
    }
  }
  for (const series of db.calendarEntries.group('patient', range.patient.id).filter(isSeries)) {
    let occurrences;
    try {
      occurrences = expandRecurrence(series.rrule as string, series.date, startTimeOf(series), range.from, range.to);
    } catch (error) {
      throw invalid('rrule', `calendar entry ${series.id}: ${(error as Error).message}`);
    }
    for (const occurrence of occurrences) {
      const sameDay = db.calendarEntries.group('patientDate', `${range.patient.id}|${occurrence.date}`);
      if (sameDay.some((entry) => entry.seriesId === series.id && startTimeOf(entry) === occurrence.time)) continue;
      const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = series;
      await db.calendarEntries.create({
        ...fields,
        id: ctx.newId(),
        date: occurrence.date,
        intakeTime: occurrence.time,
        rrule: null,
        seriesId: series.id,
        baked: true,
        bakedAt: now,
        createdAt: now,
        updatedAt: now,
      } as CalendarEntryRecord);
    }
  }
}

/** Reverts one patient's range: occurrences are removed, baked one-offs return to drafts. */
async function unbakePatient(ctx: OperationContext, range: PatientRange): Promise<CalendarEntry[]> {
  const reverted: CalendarEntry[] = [];
  for (const entry of entriesInRange(ctx, range)) {
    if (!entry.baked) continue;
    if (entry.seriesId !== null) {
      ctx.db.calendarEntries.delete(entry);
      reverted.push(toCalendarEntry({ ...entry, baked: false }));
    } else {
      const stored = await ctx.db.calendarEntries.update(entry, (draft) => {
        draft.baked = false;
        delete (draft as Record<string, unknown>).bakedAt;
      });
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
  const dayCount = Math.max(0, ...ranges.map((range) => range.dates.length));
  const alarmMinutes = Array.from({ length: dayCount }, () => new Set<number>());

  for (const range of ranges) {
    const baked = entriesInRange(ctx, range).filter((entry) => entry.baked).map(toCalendarEntry);
    data.push(...baked);
    const devices = ctx.db.devices.group('patient', range.patient.id);
    iotDevices.push(...devices);
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

/** `POST /calendars/bake`: bakes the range for one patient or all patients of an organization. */
export async function bake(ctx: OperationContext, body: BakeCreate): Promise<BakeResult> {
  const ranges = bakeTargets(ctx, body).map((patient) => patientRange(patient, body.from, body.to));
  for (const range of ranges) {
    await withPatientLock(ctx.db, range.patient.id, () => bakePatient(ctx, range));
  }
  return bakeResult(ctx, ranges);
}

/** `GET /calendars/bake`: reads one patient's baked schedule; changes nothing. */
export function readBake(ctx: OperationContext, query: BakeQuery): BakeResult {
  const patient = findPatient(ctx, query.patient);
  assertOwnPatientData(ctx.caller, patient.id, 'bake result');
  return bakeResult(ctx, [patientRange(patient, query.from, query.to)]);
}

/** `DELETE /calendars/bake`: reverts one patient's range and returns the reverted entries. */
export async function unbake(ctx: OperationContext, query: BakeQuery): Promise<CalendarEntry[]> {
  const range = patientRange(findPatient(ctx, query.patient), query.from, query.to);
  return withPatientLock(ctx.db, range.patient.id, () => unbakePatient(ctx, range));
}
