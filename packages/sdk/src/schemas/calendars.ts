import * as z from 'zod';
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
export const CalendarEntry = z
  .looseObject({
    id: z.string().meta({ description: 'The entry\'s object id.' }),
    userId: z.string().meta({ description: 'The patient the entry belongs to (same as `patient`).' }),
    date: z.string().meta({ description: 'Day of the intake, `YYYY-MM-DD`; the first day of a series.' }),
    startTime: z.string().meta({ description: 'Intake time `HH:mm`: `intakeTime`, or the default of `timeCategory`.' }),
    endTime: z.string().meta({ description: '`startTime` plus 30 minutes, `HH:mm`.' }),
    title: z.string().meta({ description: 'Shown title (the entry\'s `name`).' }),
    description: z.string().meta({ description: 'Shown description (the entry\'s `instruction`).' }),
    baked: z.boolean().meta({ description: 'Whether a bake finalized the entry; baked entries cannot be changed.' }),
    createdAt: z.string().meta({ description: 'When the entry was created, ISO 8601 UTC.' }),
    updatedAt: z.string().meta({ description: 'When the entry last changed, ISO 8601 UTC.' }),
    seriesId: z.string().nullable().optional().meta({ description: 'For an occurrence a bake materialized: the id of its series; null otherwise.' }),
    bakedAt: z.string().nullable().optional().meta({ description: 'When the entry was baked, where the service says.' }),
    patient: z.string().optional().meta({ description: 'The patient (a user of role patient or onlyself).' }),
    medication: z.string().optional().meta({ description: 'The medication\'s id (or the caller\'s own reference).' }),
    abdaMedication: z.string().optional().meta({ description: 'The ABDA medication reference, where given.' }),
    organization: z.string().optional().meta({ description: 'The entry\'s organization.' }),
    amount: z.number().optional().meta({ description: 'How many units to take.' }),
    unit: z.string().optional().meta({ description: 'Unit of `amount`, e.g. `tablet`.' }),
    rrule: z.string().nullable().optional().meta({ description: 'The series\' recurrence rule (RFC 5545); null or absent for one-off entries and baked occurrences.' }),
    intakeTime: z.string().optional().meta({ description: 'Intake time `HH:mm` as given at creation.' }),
    timeCategory: TimeCategory.optional().meta({ description: 'morning, noon, evening or night, when no intakeTime was given.' }),
    emptyStomach: EmptyStomach.optional().meta({ description: 'Take on an empty stomach (the empty string means not said).' }),
    instruction: z.string().optional().meta({ description: 'Instruction for the patient (shown as `description`).' }),
    name: z.string().optional().meta({ description: 'The entry\'s name (shown as `title`).' }),
    subTray: z.string().optional().meta({ description: 'Dispenser sub-tray, where given.' }),
    batchNumber: z.string().optional().meta({ description: 'Batch number of the medication, where given.' }),
    intake: z.unknown().optional().meta({ description: 'Intake details as stored (type not specified by the service).' }),
  })
  .meta({ id: 'CalendarEntry' });
export type CalendarEntry = z.infer<typeof CalendarEntry>;

/** The input fields shared by create, replace and update. */
const calendarInputShape = {
  name: z.string().max(500).optional().meta({ description: 'Shown as the entry title.' }),
  date: z.iso.date().optional().meta({ description: 'YYYY-MM-DD; the first day of a series.' }),
  timeCategory: z.string().max(50).optional().meta({ description: 'morning (08:00), noon (12:00), evening (18:00) or night (22:00) when no intakeTime is given.' }),
  rrule: RRule.nullable().optional().meta({ description: 'RFC 5545 recurrence rule such as FREQ=DAILY;INTERVAL=2 (the entry is then a series starting on date); null or absent: one-off.' }),
  abdaMedication: z.string().optional(),
  medication: z.string().optional(),
  organization: ObjectId.optional().meta({ description: "The entry's organization; must be the caller's." }),
  amount: z.number().optional(),
  emptyStomach: EmptyStomach.optional(),
  instruction: z.string().max(5000).optional().meta({ description: 'Shown as the entry description.' }),
  unit: z.string().optional(),
  subTray: z.string().optional(),
  batchNumber: z.string().optional(),
};

/** Body of `POST /calendars/`: `patient` required; unknown keys are kept. */
export const CalendarEntryCreate = z
  .looseObject({
    ...calendarInputShape,
    patient: ObjectId.meta({ description: 'The patient: a user of role patient or onlyself in your organization (another role: 400; unknown: 404).' }),
    intakeTime: ClockTime.optional().meta({ description: 'HH:mm; the entry start time.' }),
  })
  .meta({ id: 'CalendarEntryCreate' });
export type CalendarEntryCreate = z.infer<typeof CalendarEntryCreate>;

/** Body of `POST /calendars/{id}` (replace the whole entry); unknown keys are kept. */
export const CalendarEntryReplace = z
  .looseObject({
    ...calendarInputShape,
    patient: ObjectId.optional(),
    intake: z.unknown().optional(),
  })
  .meta({ id: 'CalendarEntryReplace' });
export type CalendarEntryReplace = z.infer<typeof CalendarEntryReplace>;

/** Body of `PATCH /calendars/{id}` (partial update); unknown keys are kept. */
export const CalendarEntryUpdate = CalendarEntryReplace.meta({ id: 'CalendarEntryUpdate' });
export type CalendarEntryUpdate = z.infer<typeof CalendarEntryUpdate>;

/** Sortable fields of calendar entries. */
export const calendarSortFields = ['date', 'startTime', 'title', 'baked', 'createdAt', 'updatedAt', 'id'] as const;

/** Query of `GET /calendars/`. */
export const CalendarListQuery = z
  .strictObject({
    ...listQueryShape,
    sortBy: sortBy(calendarSortFields).optional(),
    patient: ObjectId.optional().meta({ description: "Only this patient's entries." }),
  })
  .meta({ id: 'CalendarListQuery' });
export type CalendarListQuery = z.infer<typeof CalendarListQuery>;

/** Path parameters of `/calendars/{calendarId}`. */
export const CalendarIdParams = z.strictObject({ calendarId: ObjectId.meta({ description: 'Id of the calendar entry (24 lower-case hex characters).' }) });
