import {
  CalendarEntryRecord,
  DeviceEventRecord,
  DeviceRecord,
  MedicationRecord,
  OrganizationRecord,
  ProblemError,
  UserRecord,
  checkIntakeTime,
  checkRecurrence,
  checkTimeCategory,
} from '@medsched/reference-server';
import { TimeZone } from '@medsched/sdk/schemas';
import type { z } from 'zod';

/** The factories of `mock.seed` that make records, and the model each stores. */
export const seedModels = {
  organization: OrganizationRecord,
  user: UserRecord,
  patient: UserRecord,
  medication: MedicationRecord,
  device: DeviceRecord,
  deviceEvent: DeviceEventRecord,
  calendarEntry: CalendarEntryRecord,
} as const satisfies Record<string, z.ZodObject>;

export type SeedFactoryName = keyof typeof seedModels;

/**
 * What can be checked of a factory's input without the database, where the call is written:
 * no key the model lacks (a typo would be stored as an extra field), each given field fits the
 * model, and a calendar entry passes the API's own create checks (a recurrence rule the bake
 * cannot expand, an intake time that is no clock time), which the API refuses at create and the
 * bake would otherwise refuse far from the seed. Throws a TypeError naming the factory and field.
 */
export function checkSeedInput(factory: SeedFactoryName, input: object): void {
  const model = seedModels[factory];
  const unknown = Object.keys(input).filter((key) => !Object.hasOwn(model.shape, key));
  if (unknown.length > 0) {
    const known = Object.keys(model.shape).join(', ');
    throw new TypeError(`mock.seed.${factory}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${key}"`).join(', ')}; the fields are ${known}`);
  }
  const checked = (model.partial() as z.ZodObject).safeParse(input);
  if (!checked.success) {
    const fields = checked.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`).join('; ');
    throw new TypeError(`mock.seed.${factory}: the record does not fit the model: ${fields}`);
  }
  if (factory === 'calendarEntry') checkCalendarEntry(input as Record<string, unknown>);
  if ((factory === 'user' || factory === 'patient') && 'timezone' in input) checkTimeZone(factory, (input as { timezone?: unknown }).timezone);
}

/**
 * A user's zone is the API's IANA name check: "today" and the bake read it, so a zone that is no
 * zone would fail far from the seed (a RangeError at the next calendar entry or bake).
 */
function checkTimeZone(factory: SeedFactoryName, timezone: unknown): void {
  const checked = TimeZone.safeParse(timezone);
  if (!checked.success) throw new TypeError(`mock.seed.${factory}: timezone: ${checked.error.issues[0]?.message ?? 'not a time zone'} (the API refuses this at create)`);
}

function checkCalendarEntry(input: Record<string, unknown>): void {
  if (typeof input.rrule === 'string') {
    const check = checkRecurrence(input.rrule);
    if (!check.ok) throw new TypeError(`mock.seed.calendarEntry: rrule: ${check.message} (the API refuses this rule at create)`);
  }
  try {
    checkIntakeTime(input.intakeTime);
    checkTimeCategory(input.timeCategory);
  } catch (error) {
    if (error instanceof ProblemError) throw new TypeError(`mock.seed.calendarEntry: ${error.message} (the API refuses this at create)`);
    throw error;
  }
}
