import * as z from 'zod';
import { CalendarEntry } from './calendars.js';
import { Device } from './devices.js';
import { ClockTime, DateOrDateTime, IsoDate, ObjectId } from './primitives.js';

/** Longest range a bake may cover, in days (inclusive). */
export const maxBakeDays = 366;

const dayMs = 86_400_000;

/**
 * Range checks that can be made without the patient's time zone: the server repeats them
 * on the dates in the patient's zone.
 */
function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const bothDateTimes = value.from.length > 10 && value.to.length > 10;
  const outOfOrder = bothDateTimes
    ? Date.parse(value.from) > Date.parse(value.to)
    : value.from.slice(0, 10) > value.to.slice(0, 10);
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
export const BakeQuery = z
  .strictObject({
    patient: ObjectId.meta({ description: 'The patient (a user of role patient or onlyself).' }),
    from: DateOrDateTime.meta({ description: 'First day of the range (inclusive): a date, or a date-time whose date in the patient\'s time zone is used.' }),
    to: DateOrDateTime.meta({ description: 'Last day of the range (inclusive), not before from; at most 366 days after it.' }),
  })
  .superRefine(checkRange)
  .meta({ id: 'BakeQuery' });
export type BakeQuery = z.infer<typeof BakeQuery>;

/** One patient's range: `{ patient, from, to }`. */
export const BakeForPatient = z
  .strictObject({
    patient: ObjectId.meta({ description: 'The patient whose range is baked.' }),
    from: DateOrDateTime.meta({ description: 'First day of the range (inclusive): a date, or a date-time whose date in the patient\'s time zone is used.' }),
    to: DateOrDateTime.meta({ description: 'Last day of the range (inclusive), not before from; at most 366 days after it.' }),
    updateAllPatients: z.never({ error: 'give either patient or updateAllPatients, not both' }).optional().meta({ description: 'Not with `patient`: give either.' }),
    organization: z.never({ error: 'organization goes with updateAllPatients: true, not with patient' }).optional().meta({ description: 'Not with `patient`: an organization goes with `updateAllPatients: true`.' }),
  })
  .meta({ id: 'BakeForPatient', description: 'Bake one patient.' });
export type BakeForPatient = z.infer<typeof BakeForPatient>;

/** Every patient of an organization: `{ updateAllPatients: true, organization?, from, to }`; without `organization`, the caller's. */
export const BakeForAllPatients = z
  .strictObject({
    updateAllPatients: z.literal(true).meta({ description: 'Bake every patient of the organization (only true is allowed).' }),
    organization: ObjectId.optional().meta({ description: 'The organization whose patients are baked; default the caller\'s.' }),
    from: DateOrDateTime.meta({ description: 'First day of the range (inclusive): a date, or a date-time whose date in the patient\'s time zone is used.' }),
    to: DateOrDateTime.meta({ description: 'Last day of the range (inclusive), not before from; at most 366 days after it.' }),
    patient: z.never({ error: 'give either patient or updateAllPatients, not both' }).optional().meta({ description: 'Not with `updateAllPatients`: give either.' }),
  })
  .meta({ id: 'BakeForAllPatients', description: "Bake every patient of an organization (organization given) or of the caller's organization (organization left out)." });
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
export const BakeCreate = z
  .union([BakeForPatient, BakeForAllPatients], { error: explainTarget })
  .superRefine(checkRange)
  .meta({ id: 'BakeCreate', description: 'One bake finalizes or creates at most 10,000 entries (the reference server flag --max-bake-entries), and its answer carries at most as many; a bigger one is 400 with the count, before anything changes. An organization-wide bake is all or nothing.' });
export type BakeCreate = z.infer<typeof BakeCreate>;

/** One alarm of a device with `alarmEnable` 1: the entries due at one time of one day. */
export const Alarm = z
  .looseObject({
    deviceId: ObjectId,
    patient: ObjectId,
    date: IsoDate,
    time: ClockTime,
    entryIds: z.array(z.string()),
  })
  .meta({ id: 'Alarm' });
export type Alarm = z.infer<typeof Alarm>;

/** The answer of `GET` and `POST /calendars/bake`. */
export const BakeResult = z
  .looseObject({
    data: z.array(CalendarEntry).meta({ description: 'Baked entries in the range, by date then startTime.' }),
    iotDevices: z.array(Device).meta({ description: 'Devices assigned to the patient(s).' }),
    dateNow: z.string().meta({ description: 'Server time, ISO 8601 UTC.' }),
    alarms: z.array(Alarm).meta({ description: 'One alarm per device, day and time, for devices with alarmEnable 1.' }),
    allAlarms: z
      .array(z.array(z.number()))
      .meta({ description: "For each day of the range, the sorted distinct alarm times in minutes after local midnight (patient's time zone)." }),
  })
  .meta({ id: 'BakeResult' });
export type BakeResult = z.infer<typeof BakeResult>;

/** The answer of `DELETE /calendars/bake`: the reverted entries, all with `baked: false`. */
export const UnbakeResult = z.array(CalendarEntry).meta({ id: 'UnbakeResult' });
export type UnbakeResult = z.infer<typeof UnbakeResult>;

/** The target part of a bake body (without `from` and `to`): one patient, or all patients of an organization. */
export type BakeTarget = BakeCreate extends infer Body ? (Body extends unknown ? Omit<Body, 'from' | 'to'> : never) : never;
