import type { CalendarEntry, CalendarEntryCreate, CalendarEntryReplace, CalendarEntryUpdate, CalendarListQuery } from '@medsched/sdk/schemas';
import type { CalendarEntryRecord } from '../../db/models.js';
import { checkIntakeTime, checkTimeCategory, serverOwnedCalendarFields, startTimeOf, toCalendarEntry } from './calendar-mapping.js';
import type { OperationContext } from '../operation/context.js';
import { checkRoleFilter, containsIgnoringCase, recordOrder } from '../operation/list-filters.js';
import { findInOrganization, findPatient } from '../directory/lookups.js';
import { localDate } from './zoned-time.js';
import { pageOfSorted, type Page } from '../operation/pagination.js';
import { conflict, forbidden, invalid } from '../operation/problems.js';
import { checkRecurrence } from '@medsched/sdk/recurrence';
import { assertOwnPatientData, isPatientRole } from '../access/tenancy.js';
import { patientLockHeld, patientLocksHeld } from './patient-lock.js';

type CalendarInput = Record<string, unknown>;

/** The client's fields without the ones the server owns (kept out so round trips work). */
function clientFields(body: CalendarInput): CalendarInput {
  const fields = { ...body };
  for (const owned of serverOwnedCalendarFields) delete fields[owned];
  return fields;
}

function checkInput(ctx: OperationContext, fields: CalendarInput): void {
  checkIntakeTime(fields.intakeTime);
  checkTimeCategory(fields.timeCategory);
  // A string rrule makes a series: refuse one the bake could not expand, now rather than at bake time.
  if (typeof fields.rrule === 'string') {
    const check = checkRecurrence(fields.rrule);
    if (!check.ok) throw invalid('rrule', check.message);
  }
  if (fields.organization !== undefined && fields.organization !== ctx.caller.organizationId) {
    throw forbidden('organization must be your own organization');
  }
  if (typeof fields.patient === 'string') findPatient(ctx, fields.patient);
  // A medication named by id must be one of the caller's organization (403) that exists (404),
  // as for ids in paths; other text (a free-form name) is kept as it is.
  if (typeof fields.medication === 'string' && objectIdPattern.test(fields.medication)) {
    findInOrganization(ctx, ctx.db.medications, fields.medication, 'medication');
  }
}

const objectIdPattern = /^[0-9a-f]{24}$/;

function readableEntry(ctx: OperationContext, id: string): CalendarEntryRecord {
  const entry = findInOrganization(ctx, ctx.db.calendarEntries, id, 'calendar entry');
  assertOwnPatientData(ctx.caller, entry.patient, 'calendar entries');
  return entry;
}

function writableEntry(ctx: OperationContext, id: string): CalendarEntryRecord {
  const entry = readableEntry(ctx, id);
  if (entry.baked) throw conflict(`calendar entry ${id} is baked (final); unbake its range first`);
  return entry;
}

/** `GET /calendars/`: waits for bakes under way of the patients it covers (see `patientLocksHeld`). */
export async function listCalendarEntries(ctx: OperationContext, query: CalendarListQuery): Promise<Page<CalendarEntry>> {
  const { caller, db } = ctx;
  checkRoleFilter(query.role);
  let patient = query.patient;
  if (isPatientRole(caller.role)) {
    if (patient !== undefined && patient !== caller.user.id) throw forbidden(`a ${caller.role} may only list its own calendar entries`);
    patient = caller.user.id;
  } else if (patient !== undefined) {
    findInOrganization(ctx, db.users, patient, 'patient');
  }
  // A bake or unbake under way on these patients finishes first: no answer shows half of one.
  const patients = patient === undefined ? db.users.group('organization', caller.organizationId).map((user) => user.id) : [patient];
  const held = patientLocksHeld(db, patients);
  if (held) await held;
  // A page is read from the group's sorted list (kept in step with every write), never by
  // converting and sorting the whole organization; filters walk the list without converting.
  const sorted =
    patient === undefined ? db.calendarEntries.sorted('organization', caller.organizationId, calendarOrder(query.sortBy)) : db.calendarEntries.sorted('patient', patient, calendarOrder(query.sortBy));
  const filtered = query.role !== undefined || query.name !== undefined || query.search !== undefined;
  return pageOfSorted(
    sorted,
    query,
    toCalendarEntry,
    filtered
      ? (record) => {
          if (query.role !== undefined && db.users.get(record.patient)?.role !== query.role) return false;
          const title = record.name ?? '';
          if (query.name !== undefined && !containsIgnoringCase(title, query.name)) return false;
          return query.search === undefined || containsIgnoringCase(title, query.search) || containsIgnoringCase(record.instruction ?? '', query.search);
        }
      : undefined,
  );
}

/** The sort order of calendar entries: `title` and `startTime` as answered (calendar-mapping.ts); own fields only. */
const calendarOrder = (sortBy: string | undefined) =>
  recordOrder<CalendarEntryRecord>(sortBy, (record, field) =>
    field === 'title' ? (record.name ?? '') : field === 'startTime' ? startTimeOf(record) : Object.hasOwn(record, field) ? (record as Record<string, unknown>)[field] : undefined,
  );

/**
 * The stored entry `GET /calendars/{id}` answers (routes/calendars.ts shows it with `toCalendarEntry`): at once, unless a
 * bake or unbake of its patient is under way, which finishes first. Not an async function:
 * the usual read needs no promise.
 */
export function readCalendarEntry(ctx: OperationContext, id: string): CalendarEntryRecord | Promise<CalendarEntryRecord> {
  const entry = readableEntry(ctx, id);
  const held = patientLockHeld(ctx.db, entry.patient);
  if (held === undefined) return entry;
  // Read again: the bake or unbake that was under way may have changed (or removed) it.
  return held.then(() => readableEntry(ctx, id));
}

export async function createCalendarEntry(ctx: OperationContext, body: CalendarEntryCreate): Promise<CalendarEntry> {
  const fields = clientFields(body);
  checkInput(ctx, fields);
  const patient = findPatient(ctx, body.patient);
  const now = ctx.now();
  const record = await ctx.db.calendarEntries.create({
    ...fields,
    patient: patient.id,
    id: ctx.newId(),
    organization: ctx.caller.organizationId,
    date: body.date ?? localDate(now, patient.timezone),
    baked: false,
    seriesId: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  return toCalendarEntry(record);
}

/** `POST /calendars/{id}`: the input fields are replaced; patient and date stay when absent. */
export async function replaceCalendarEntry(ctx: OperationContext, id: string, body: CalendarEntryReplace): Promise<CalendarEntry> {
  const entry = writableEntry(ctx, id);
  const fields = clientFields(body);
  checkInput(ctx, fields);
  const stored = await ctx.db.calendarEntries.update(entry, (draft) => {
    const record = draft as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!['id', 'organization', 'patient', 'date', 'baked', 'seriesId', 'createdAt'].includes(key)) delete record[key];
    }
    Object.assign(record, fields);
    record.patient = fields.patient ?? entry.patient;
    record.date = fields.date ?? entry.date;
    record.updatedAt = ctx.now().toISOString();
  });
  return toCalendarEntry(stored);
}

export async function updateCalendarEntry(ctx: OperationContext, id: string, body: CalendarEntryUpdate): Promise<CalendarEntry> {
  const entry = writableEntry(ctx, id);
  const fields = clientFields(body);
  checkInput(ctx, fields);
  const stored = await ctx.db.calendarEntries.update(entry, (draft) => {
    Object.assign(draft, fields);
    draft.updatedAt = ctx.now().toISOString();
  });
  return toCalendarEntry(stored);
}
