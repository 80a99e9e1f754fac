import * as z from 'zod/mini';
import { withMeta } from './meta.js';
import { listQueryShape, sortBy } from './list-query.js';
import { ClockTime, ObjectId, openEnum, RRule } from './primitives.js';

/** `emptyStomach`: a boolean, or the empty string (the only string allowed). */
const EmptyStomach = z.union([z.boolean(), z.literal('')]);

/** Time categories with a default clock time; other strings are kept as given. */
export const TimeCategory = openEnum(['morning', 'noon', 'evening', 'night']);
export type TimeCategory = z.infer<typeof TimeCategory>;

/**
 * A calendar entry as the service answers it: the documented fields, then the stored input
 * fields. Fields the real service may leave out are optional; unknown extra fields pass through.
 */
export const CalendarEntry = withMeta(
  z.looseObject({
    id: withMeta(z.string(), { description: 'The entry\'s object id.' }),
    userId: withMeta(z.string(), { description: 'The patient the entry belongs to (same as `patient`).' }),
    date: withMeta(z.string(), { description: 'Day of the intake, `YYYY-MM-DD`; the first day of a series.' }),
    startTime: withMeta(z.string(), { description: 'Intake time `HH:mm`: `intakeTime`, or the default of `timeCategory`.' }),
    endTime: withMeta(z.string(), { description: '`startTime` plus 30 minutes, `HH:mm`.' }),
    title: withMeta(z.string(), { description: 'Shown title (the entry\'s `name`).' }),
    description: withMeta(z.string(), { description: 'Shown description (the entry\'s `instruction`).' }),
    baked: withMeta(z.boolean(), { description: 'Whether a bake finalized the entry; baked entries cannot be changed.' }),
    createdAt: withMeta(z.string(), { description: 'When the entry was created, ISO 8601 UTC.' }),
    updatedAt: withMeta(z.string(), { description: 'When the entry last changed, ISO 8601 UTC.' }),
    seriesId: withMeta(z.optional(z.nullable(z.string())), { description: 'For an occurrence a bake materialized: the id of its series; null otherwise.' }),
    bakedAt: withMeta(z.optional(z.nullable(z.string())), { description: 'When the entry was baked, where the service says.' }),
    patient: withMeta(z.optional(z.string()), { description: 'The patient (a user of role patient or onlyself).' }),
    medication: withMeta(z.optional(z.string()), { description: 'The medication\'s id (or the caller\'s own reference).' }),
    abdaMedication: withMeta(z.optional(z.string()), { description: 'The ABDA medication reference, where given.' }),
    organization: withMeta(z.optional(z.string()), { description: 'The entry\'s organization.' }),
    amount: withMeta(z.optional(z.number()), { description: 'How many units to take.' }),
    unit: withMeta(z.optional(z.string()), { description: 'Unit of `amount`, e.g. `tablet`.' }),
    rrule: withMeta(z.optional(z.nullable(z.string())), { description: 'The series\' recurrence rule (RFC 5545); null or absent for one-off entries and baked occurrences.' }),
    intakeTime: withMeta(z.optional(z.string()), { description: 'Intake time `HH:mm` as given at creation.' }),
    timeCategory: withMeta(z.optional(TimeCategory), { description: 'morning, noon, evening or night, when no intakeTime was given.' }),
    emptyStomach: withMeta(z.optional(EmptyStomach), { description: 'Take on an empty stomach (the empty string means not said).' }),
    instruction: withMeta(z.optional(z.string()), { description: 'Instruction for the patient (shown as `description`).' }),
    name: withMeta(z.optional(z.string()), { description: 'The entry\'s name (shown as `title`).' }),
    subTray: withMeta(z.optional(z.string()), { description: 'Dispenser sub-tray, where given.' }),
    batchNumber: withMeta(z.optional(z.string()), { description: 'Batch number of the medication, where given.' }),
    intake: withMeta(z.optional(z.unknown()), { description: 'Intake details as stored (type not specified by the service).' }),
  }),
  { id: 'CalendarEntry' },
);
export type CalendarEntry = z.infer<typeof CalendarEntry>;

/** The input fields shared by create, replace and update. */
const calendarInputShape = {
  name: withMeta(z.optional(z.string().check(z.maxLength(500))), { description: 'Shown as the entry title.' }),
  date: withMeta(z.optional(z.iso.date()), { description: 'YYYY-MM-DD; the first day of a series.' }),
  timeCategory: withMeta(z.optional(z.string().check(z.maxLength(50))), { description: 'morning (08:00), noon (12:00), evening (18:00) or night (22:00) when no intakeTime is given.' }),
  rrule: withMeta(z.optional(z.nullable(RRule)), { description: 'RFC 5545 recurrence rule such as FREQ=DAILY;INTERVAL=2 (the entry is then a series starting on date); null or absent: one-off.' }),
  abdaMedication: z.optional(z.string()),
  medication: z.optional(z.string()),
  organization: withMeta(z.optional(ObjectId), { description: "The entry's organization; must be the caller's." }),
  amount: z.optional(z.number()),
  emptyStomach: z.optional(EmptyStomach),
  instruction: withMeta(z.optional(z.string().check(z.maxLength(5000))), { description: 'Shown as the entry description.' }),
  unit: z.optional(z.string()),
  subTray: z.optional(z.string()),
  batchNumber: z.optional(z.string()),
};

/** Body of `POST /calendars/`: `patient` required; unknown keys are kept. */
export const CalendarEntryCreate = withMeta(
  z.looseObject({
    ...calendarInputShape,
    patient: withMeta(ObjectId, { description: 'The patient: a user of role patient or onlyself in your organization (another role: 400; unknown: 404).' }),
    intakeTime: withMeta(z.optional(ClockTime), { description: 'HH:mm; the entry start time.' }),
  }),
  { id: 'CalendarEntryCreate' },
);
export type CalendarEntryCreate = z.infer<typeof CalendarEntryCreate>;

/** Body of `POST /calendars/{id}` (replace the whole entry); unknown keys are kept. */
export const CalendarEntryReplace = withMeta(
  z.looseObject({
    ...calendarInputShape,
    patient: z.optional(ObjectId),
    intake: z.optional(z.unknown()),
  }),
  { id: 'CalendarEntryReplace' },
);
export type CalendarEntryReplace = z.infer<typeof CalendarEntryReplace>;

/** Body of `PATCH /calendars/{id}` (partial update); unknown keys are kept. */
export const CalendarEntryUpdate = withMeta(CalendarEntryReplace, { id: 'CalendarEntryUpdate' });
export type CalendarEntryUpdate = z.infer<typeof CalendarEntryUpdate>;

/** Sortable fields of calendar entries. */
export const calendarSortFields = ['date', 'startTime', 'title', 'baked', 'createdAt', 'updatedAt', 'id'] as const;

/** Query of `GET /calendars/`. */
export const CalendarListQuery = withMeta(
  z.strictObject({
    ...listQueryShape,
    sortBy: z.optional(sortBy(calendarSortFields)),
    patient: withMeta(z.optional(ObjectId), { description: "Only this patient's entries." }),
  }),
  { id: 'CalendarListQuery' },
);
export type CalendarListQuery = z.infer<typeof CalendarListQuery>;

/** Path parameters of `/calendars/{calendarId}`. */
export const CalendarIdParams = z.strictObject({ calendarId: withMeta(ObjectId, { description: 'Id of the calendar entry (24 lower-case hex characters).' }) });
