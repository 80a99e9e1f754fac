import { z } from 'zod';
import { listQueryShape, sortBy } from './list-query.js';
import { ClockTime, ObjectId } from './primitives.js';

/**
 * A calendar entry as the service answers it. Besides the documented fields the stored
 * input fields come back too (`patient`, `medication`, `amount`, `rrule`, `seriesId`, …).
 */
export const CalendarEntry = z
  .looseObject({
    id: z.string(),
    userId: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    title: z.string(),
    description: z.string(),
    baked: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CalendarEntry' });
export type CalendarEntry = z.infer<typeof CalendarEntry>;

/** `emptyStomach`: a boolean, or the empty string (the only string allowed). */
const EmptyStomach = z.union([z.boolean(), z.literal('')]);

/** The input fields shared by create, replace and update. */
const calendarInputShape = {
  name: z.string().max(500).optional().meta({ description: 'Shown as the entry title.' }),
  date: z.iso.date().optional().meta({ description: 'YYYY-MM-DD; the first day of a series.' }),
  timeCategory: z.string().max(50).optional().meta({ description: 'morning (08:00), noon (12:00), evening (18:00) or night (22:00) when no intakeTime is given.' }),
  rrule: z.unknown().optional().meta({ description: 'RFC 5545 recurrence rule such as FREQ=DAILY;INTERVAL=2. A non-string value is stored as given and the entry is one-off.' }),
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
    patient: ObjectId,
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
export const CalendarIdParams = z.strictObject({ calendarId: ObjectId });
