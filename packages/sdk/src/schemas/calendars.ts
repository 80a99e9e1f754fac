import * as z from 'zod/mini';
import { text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { listQueryShape, sortBy } from './list-query.js';
import { answerObject, ClockTime, IsoDate, IsoDateTime, ObjectId, openEnum, RRule } from './primitives.js';

/** `emptyStomach`: a boolean, or the empty string (the only string allowed). */
const EmptyStomach = z.union([z.boolean(), z.literal('')]);

/** The time categories and their default clock times: morning 08:00, noon 12:00, evening 18:00, night 22:00. */
export const timeCategories = ['morning', 'noon', 'evening', 'night'] as const;

/** A time category as the SDK sends it: one of `timeCategories` (a typo such as `mornin` is refused). */
export const TimeCategoryInput = z.enum(timeCategories);
export type TimeCategoryInput = z.infer<typeof TimeCategoryInput>;

/** A time category as answered: the known ones, or whatever else an entry was stored with. */
export const TimeCategory = openEnum(timeCategories);
export type TimeCategory = z.infer<typeof TimeCategory>;

/**
 * A calendar entry as the service answers it: the documented fields, then the stored input
 * fields. Fields the real service may leave out are optional; unknown extra fields pass through.
 */
export const CalendarEntry = withMeta(
  answerObject({
    id: withMeta(ObjectId, { description: "The entry's object id." }),
    userId: withMeta(ObjectId, { description: 'The patient the entry belongs to (same as `patient`).' }),
    date: withMeta(IsoDate, { description: 'Day of the intake, `YYYY-MM-DD`; the first day of a series.' }),
    startTime: withMeta(ClockTime, { description: 'Intake time `HH:mm`: `intakeTime`, or the default of `timeCategory`.' }),
    endTime: withMeta(ClockTime, { description: '`startTime` plus 30 minutes, `HH:mm`.' }),
    title: withMeta(text(textLimits.answered), { description: "Shown title (the entry's `name`)." }),
    description: withMeta(text(textLimits.answered), { description: "Shown description (the entry's `instruction`)." }),
    baked: withMeta(z.boolean(), { description: 'Whether a bake finalized the entry; baked entries cannot be changed.' }),
    createdAt: withMeta(IsoDateTime, { description: 'When the entry was created, ISO 8601 UTC.' }),
    updatedAt: withMeta(IsoDateTime, { description: 'When the entry last changed, ISO 8601 UTC.' }),
    seriesId: withMeta(z.optional(z.nullable(ObjectId)), { description: 'For an occurrence a bake materialized: the id of its series; null otherwise.' }),
    bakedAt: withMeta(z.optional(z.nullable(IsoDateTime)), { description: 'When the entry was baked, where the service says.' }),
    patient: withMeta(z.optional(ObjectId), { description: 'The patient (a user of role patient or onlyself).' }),
    medication: withMeta(z.optional(text(textLimits.answered)), { description: "The medication's id (or the caller's own reference)." }),
    abdaMedication: withMeta(z.optional(text(textLimits.answered)), { description: 'The ABDA medication reference, where given.' }),
    organization: withMeta(z.optional(ObjectId), { description: "The entry's organization." }),
    amount: withMeta(z.optional(z.number()), { description: 'How many units to take.' }),
    unit: withMeta(z.optional(text(textLimits.answered)), { description: 'Unit of `amount`, e.g. `tablet`.' }),
    rrule: withMeta(z.optional(z.nullable(text(textLimits.answered))), { description: "The series' recurrence rule (RFC 5545); null or absent for one-off entries and baked occurrences." }),
    intakeTime: withMeta(z.optional(text(textLimits.answered)), { description: 'Intake time `HH:mm` as given at creation.' }),
    timeCategory: withMeta(z.optional(TimeCategory), { description: 'morning, noon, evening or night, when no intakeTime was given.' }),
    emptyStomach: withMeta(z.optional(EmptyStomach), { description: 'Take on an empty stomach (the empty string means not said).' }),
    instruction: withMeta(z.optional(text(textLimits.answered)), { description: 'Instruction for the patient (shown as `description`).' }),
    name: withMeta(z.optional(text(textLimits.answered)), { description: "The entry's name (shown as `title`)." }),
    subTray: withMeta(z.optional(text(textLimits.answered)), { description: 'Dispenser sub-tray, where given.' }),
    batchNumber: withMeta(z.optional(text(textLimits.answered)), { description: 'Batch number of the medication, where given.' }),
    intake: withMeta(z.optional(z.unknown()), { description: 'Intake details as stored (type not specified by the service).' }),
  }),
  { id: 'CalendarEntry' },
);
export type CalendarEntry = z.infer<typeof CalendarEntry>;

/** The input fields shared by create, replace and update. */
const calendarInputShape = {
  name: withMeta(z.optional(text(textLimits.title)), { description: 'Shown as the entry title.' }),
  date: withMeta(z.optional(IsoDate), { description: 'YYYY-MM-DD; the first day of a series.' }),
  timeCategory: withMeta(z.optional(text(textLimits.label)), { description: 'morning (08:00), noon (12:00), evening (18:00) or night (22:00) when no intakeTime is given.' }),
  rrule: withMeta(z.optional(z.nullable(RRule)), { description: 'RFC 5545 recurrence rule such as FREQ=DAILY;INTERVAL=2 (the entry is then a series starting on date); null or absent: one-off.' }),
  abdaMedication: z.optional(text(textLimits.reference)),
  medication: z.optional(text(textLimits.reference)),
  organization: withMeta(z.optional(ObjectId), { description: "The entry's organization; must be the caller's." }),
  amount: z.optional(z.number()),
  emptyStomach: z.optional(EmptyStomach),
  instruction: withMeta(z.optional(text(textLimits.note)), { description: 'Shown as the entry description.' }),
  unit: z.optional(text(textLimits.label)),
  subTray: z.optional(text(textLimits.label)),
  batchNumber: z.optional(text(textLimits.label)),
};

/**
 * Body of `POST /calendars/` as it travels: `patient` required; unknown keys are kept (the
 * interface's extra keys). The servers validate with it; SDK users give `CalendarEntryCreateInput`,
 * whose keys are exact and whose extra keys go through `extra`.
 */
export const CalendarEntryCreate = withMeta(
  z.looseObject({
    ...calendarInputShape,
    patient: withMeta(ObjectId, { description: 'The patient: a user of role patient or onlyself in your organization (another role: 400; unknown: 404).' }),
    intakeTime: withMeta(z.optional(ClockTime), { description: 'HH:mm; the entry start time.' }),
  }),
  { id: 'CalendarEntryCreate' },
);
export type CalendarEntryCreate = z.infer<typeof CalendarEntryCreate>;

/** Body of `POST /calendars/{id}` (replace the whole entry) as it travels; unknown keys are kept. SDK users give `CalendarEntryReplaceInput`. */
export const CalendarEntryReplace = withMeta(
  z.looseObject({
    ...calendarInputShape,
    patient: z.optional(ObjectId),
    intake: z.optional(z.unknown()),
  }),
  { id: 'CalendarEntryReplace' },
);
export type CalendarEntryReplace = z.infer<typeof CalendarEntryReplace>;

/** Body of `PATCH /calendars/{id}` (partial update) as it travels; unknown keys are kept. SDK users give `CalendarEntryUpdateInput`. */
export const CalendarEntryUpdate = withMeta(CalendarEntryReplace, { id: 'CalendarEntryUpdate' });
export type CalendarEntryUpdate = z.infer<typeof CalendarEntryUpdate>;

/** Fields the server sets: never part of an input (`organization` is the caller's). */
export const serverOwnedCalendarFields = ['id', 'userId', 'title', 'description', 'startTime', 'endTime', 'baked', 'bakedAt', 'seriesId', 'createdAt', 'updatedAt', 'organization'] as const;

/** The input fields an SDK user may give, each exactly once, at the top level. */
const exactInputShape = {
  name: calendarInputShape.name,
  date: calendarInputShape.date,
  intakeTime: withMeta(z.optional(ClockTime), { description: 'HH:mm (24 h); the entry start time. Without it, timeCategory decides.' }),
  timeCategory: withMeta(z.optional(TimeCategoryInput), { description: 'morning (08:00), noon (12:00), evening (18:00) or night (22:00), when no intakeTime is given.' }),
  rrule: calendarInputShape.rrule,
  abdaMedication: calendarInputShape.abdaMedication,
  medication: calendarInputShape.medication,
  amount: withMeta(z.optional(z.number()), { description: 'How many units to take.' }),
  unit: withMeta(calendarInputShape.unit, { description: 'Unit of amount, e.g. tablet.' }),
  emptyStomach: calendarInputShape.emptyStomach,
  instruction: calendarInputShape.instruction,
  subTray: calendarInputShape.subTray,
  batchNumber: calendarInputShape.batchNumber,
};

/** Names an extra key may not take: the known fields (give them at the top level), the server's, prototype names. */
const reservedExtraKeys = new Set<string>([...Object.keys(exactInputShape), 'patient', 'intake', 'extra', ...serverOwnedCalendarFields, '__proto__', 'constructor', 'prototype']);

/** At most this many extra keys per entry. */
export const maxCalendarExtraKeys = 50;

function checkExtraKeys(extra: Record<string, unknown>, ctx: z.core.$RefinementCtx<Record<string, unknown>>) {
  const keys = Object.keys(extra);
  if (keys.length > maxCalendarExtraKeys) ctx.addIssue({ code: 'custom', message: `at most ${maxCalendarExtraKeys} extra keys` });
  for (const key of keys) {
    if (reservedExtraKeys.has(key)) {
      const why = (serverOwnedCalendarFields as readonly string[]).includes(key)
        ? 'is set by the server'
        : key in exactInputShape || key === 'patient' || key === 'intake'
          ? 'is a known field: give it at the top level'
          : 'is reserved';
      ctx.addIssue({ code: 'custom', path: [key], message: `"${key}" ${why}, not in extra` });
    } else if (!/^[A-Za-z_$][\w$-]{0,99}$/.test(key)) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'an extra key is 1 to 100 letters, digits, _, $ or -, not starting with a digit' });
    }
  }
}

/**
 * The one door for the interface's extra keys: `extra: { colour: 'blue' }` is sent as a top-level
 * `colour` and stored with the entry (read it back with `unknownFields(CalendarEntry, entry)`).
 * A known field or a server-owned one cannot go through it.
 */
export const CalendarExtraFields = withMeta(z.record(z.string(), z.unknown()).check(z.superRefine(checkExtraKeys)), {
  description: 'Keys the interface stores beside the known fields, e.g. { "colour": "blue" }; sent as top-level keys.',
});
export type CalendarExtraFields = z.infer<typeof CalendarExtraFields>;

/** Puts the extra keys at the top level, as the wire carries them. */
export function calendarWireBody<T extends { extra?: Record<string, unknown> | undefined }>(input: T): Record<string, unknown> {
  const { extra, ...known } = input;
  return extra === undefined ? known : { ...extra, ...known };
}

/**
 * What `client.calendars.create()` takes: known keys only (a misspelled `intaketime` is refused,
 * by the compiler and at run time, naming the key), no server-owned field, extra keys only
 * through `extra` (`calendarWireBody()` puts them at the top level, as the SDK sends them).
 */
export const CalendarEntryCreateInput = withMeta(
  z.strictObject({
    patient: withMeta(ObjectId, { description: 'The patient: a user of role patient or onlyself in your organization.' }),
    ...exactInputShape,
    extra: z.optional(CalendarExtraFields),
  }),
  { description: 'A new calendar entry as the SDK takes it: known keys only, extra keys in extra.' },
);
export type CalendarEntryCreateInput = z.input<typeof CalendarEntryCreateInput>;

/** What `client.calendars.replace()` takes: the whole entry, known keys only, extra keys through `extra`. */
export const CalendarEntryReplaceInput = withMeta(
  z.strictObject({
    patient: z.optional(ObjectId),
    ...exactInputShape,
    intake: withMeta(z.optional(z.unknown()), { description: 'Intake details as stored.' }),
    extra: z.optional(CalendarExtraFields),
  }),
  { description: 'A calendar entry replaced or updated as the SDK takes it: known keys only, extra keys in extra.' },
);
export type CalendarEntryReplaceInput = z.input<typeof CalendarEntryReplaceInput>;

/** What `client.calendars.update()` takes: some fields, known keys only, extra keys through `extra`. */
export const CalendarEntryUpdateInput = CalendarEntryReplaceInput;
export type CalendarEntryUpdateInput = CalendarEntryReplaceInput;

/** The input fields of an answered entry, its unknown fields in `extra`: for a get, edit, replace round trip. */
export function calendarEntryInput(entry: CalendarEntry): CalendarEntryReplaceInput {
  const input: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (value === undefined || (value === null && key !== 'rrule')) continue;
    if (key in exactInputShape || key === 'patient' || key === 'intake') input[key] = value;
    else if (!reservedExtraKeys.has(key)) extra[key] = value;
  }
  if (Object.keys(extra).length > 0) input.extra = extra;
  return input;
}

/** Sortable fields of calendar entries. */
export const calendarSortFields = ['date', 'startTime', 'title', 'baked', 'createdAt', 'updatedAt', 'id'] as const;
export type CalendarSortField = (typeof calendarSortFields)[number];

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
