import * as z from 'zod/mini';
import { itemLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { CalendarEntry } from './calendars.js';
import { Device } from './devices.js';
import { answerObject, ClockTime, DateOrDateTime, IsoDate, IsoDateTime, ObjectId } from './primitives.js';

/** Longest range a bake may cover, in days (inclusive). */
export const maxBakeDays = 366;

const dayMs = 86_400_000;

/**
 * Range checks that can be made without the patient's time zone: the server repeats them
 * on the dates in the patient's zone.
 */
function checkRange(value: { from: string; to: string }, ctx: z.core.$RefinementCtx<{ from: string; to: string }>) {
  const bothDateTimes = value.from.length > 10 && value.to.length > 10;
  const outOfOrder = bothDateTimes ? Date.parse(value.from) > Date.parse(value.to) : value.from.slice(0, 10) > value.to.slice(0, 10);
  if (outOfOrder) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    return;
  }
  const days = (Date.parse(value.to.slice(0, 10)) - Date.parse(value.from.slice(0, 10))) / dayMs + 1;
  if (days > maxBakeDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `the range covers ${days} days; at most ${maxBakeDays} are allowed` });
  }
}

/** Query of `GET /calendars/bake` and `DELETE /calendars/bake`: one patient, inclusive range. */
export const BakeQuery = withMeta(
  z
    .strictObject({
      patient: withMeta(ObjectId, { description: 'The patient (a user of role patient or onlyself).' }),
      from: withMeta(DateOrDateTime, { description: "First day of the range (inclusive): a date, or a date-time whose date in the patient's time zone is used." }),
      to: withMeta(DateOrDateTime, { description: 'Last day of the range (inclusive), not before from; at most 366 days after it.' }),
    })
    .check(z.superRefine(checkRange)),
  { id: 'BakeQuery' },
);
export type BakeQuery = z.infer<typeof BakeQuery>;

/** One patient's range: `{ patient, from, to }`. */
export const BakeForPatient = withMeta(
  z.strictObject({
    patient: withMeta(ObjectId, { description: 'The patient whose range is baked.' }),
    from: withMeta(DateOrDateTime, { description: "First day of the range (inclusive): a date, or a date-time whose date in the patient's time zone is used." }),
    to: withMeta(DateOrDateTime, { description: 'Last day of the range (inclusive), not before from; at most 366 days after it.' }),
    updateAllPatients: withMeta(z.optional(z.never({ error: 'give either patient or updateAllPatients, not both' })), { description: 'Not with `patient`: give either.' }),
    organization: withMeta(z.optional(z.never({ error: 'organization goes with updateAllPatients: true, not with patient' })), {
      description: 'Not with `patient`: an organization goes with `updateAllPatients: true`.',
    }),
  }),
  { id: 'BakeForPatient', description: 'Bake one patient.' },
);
export type BakeForPatient = z.infer<typeof BakeForPatient>;

/** Every patient of an organization: `{ updateAllPatients: true, organization?, from, to }`; without `organization`, the caller's. */
export const BakeForAllPatients = withMeta(
  z.strictObject({
    updateAllPatients: withMeta(z.literal(true), { description: 'Bake every patient of the organization (only true is allowed).' }),
    organization: withMeta(z.optional(ObjectId), { description: "The organization whose patients are baked; default the caller's." }),
    from: withMeta(DateOrDateTime, { description: "First day of the range (inclusive): a date, or a date-time whose date in the patient's time zone is used." }),
    to: withMeta(DateOrDateTime, { description: 'Last day of the range (inclusive), not before from; at most 366 days after it.' }),
    patient: withMeta(z.optional(z.never({ error: 'give either patient or updateAllPatients, not both' })), { description: 'Not with `updateAllPatients`: give either.' }),
  }),
  { id: 'BakeForAllPatients', description: "Bake every patient of an organization (organization given) or of the caller's organization (organization left out)." },
);
export type BakeForAllPatients = z.infer<typeof BakeForAllPatients>;

const targetKeys = new Set(['patient', 'updateAllPatients', 'organization']);

/**
 * A union reports "no option matched"; say why in the caller's terms: a wrong target
 * combination, or, when the target is right, what is wrong with the closest option.
 */
function explainTarget(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const options = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
  const closest = [...options].sort((a, b) => a.length - b.length)[0] ?? [];
  const aboutTarget = closest.length === 0 || closest.some((each) => each.path.length === 0 || targetKeys.has(String(each.path[0])));
  if (aboutTarget) return 'give a patient, or updateAllPatients: true (with or without organization), not both';
  return closest.map((each) => `${each.path.join('.')}: ${each.message}`).join('; ');
}

/**
 * Body of `POST /calendars/bake`, one of the valid targets: one `patient`; `organization` with
 * `updateAllPatients: true`; or `updateAllPatients: true` alone (the caller's organization).
 */
export const BakeCreate = withMeta(z.union([BakeForPatient, BakeForAllPatients], { error: explainTarget }).check(z.superRefine(checkRange)), {
  id: 'BakeCreate',
  description:
    'One bake finalizes or creates at most 10,000 entries (the reference server flag --max-bake-entries), and its answer carries at most as many; a bigger one is 400 with the count, before anything changes. An organization-wide bake is all or nothing.',
});
export type BakeCreate = z.infer<typeof BakeCreate>;

/** One alarm of a device with `alarmEnable` 1: the entries due at one time of one day. */
export const Alarm = withMeta(
  answerObject({
    deviceId: ObjectId,
    patient: ObjectId,
    date: IsoDate,
    time: ClockTime,
    entryIds: z.array(ObjectId).check(z.maxLength(itemLimits.bakeEntries)),
  }),
  { id: 'Alarm' },
);
export type Alarm = z.infer<typeof Alarm>;

/** The answer of `GET` and `POST /calendars/bake`. */
export const BakeResult = withMeta(
  answerObject({
    data: withMeta(z.array(CalendarEntry).check(z.maxLength(itemLimits.bakeEntries)), { description: 'Baked entries in the range, by date then startTime.' }),
    iotDevices: withMeta(z.array(Device).check(z.maxLength(itemLimits.bakeDevices)), { description: 'Devices assigned to the patient(s).' }),
    dateNow: withMeta(IsoDateTime, { description: 'Server time, ISO 8601 UTC.' }),
    alarms: withMeta(z.array(Alarm).check(z.maxLength(itemLimits.bakeAlarms)), { description: 'One alarm per device, day and time, for devices with alarmEnable 1.' }),
    allAlarms: withMeta(z.array(z.array(z.number()).check(z.maxLength(itemLimits.minutesOfDay))).check(z.maxLength(itemLimits.bakeDays)), {
      description: "For each day of the range, the sorted distinct alarm times in minutes after local midnight (patient's time zone).",
    }),
  }),
  { id: 'BakeResult' },
);
export type BakeResult = z.infer<typeof BakeResult>;

/** The answer of `DELETE /calendars/bake`: the reverted entries, all with `baked: false`. */
export const UnbakeResult = withMeta(z.array(CalendarEntry).check(z.maxLength(itemLimits.bakeEntries)), { id: 'UnbakeResult' });
export type UnbakeResult = z.infer<typeof UnbakeResult>;

/** The target part of a bake body (without `from` and `to`): one patient, or all patients of an organization. */
export type BakeTarget = BakeCreate extends infer Body ? (Body extends unknown ? Omit<Body, 'from' | 'to'> : never) : never;
