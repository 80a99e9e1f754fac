/**
 * Type assertions on the public types, compiled by types.test.ts (a type error here fails that
 * test, and so does a `@ts-expect-error` that no longer finds its error). Never run.
 */
import { expectTypeOf } from 'vitest';
import { ApiError, createClient, type BakeCreate, type CalendarEntry, type Device, type KnownUserRole, type LoggerEntry, type User } from '../../src/index.js';

declare const entry: CalendarEntry;
declare const device: Device;
declare const user: User;

// Precise outputs: the fields the server returns are declared with their types.
expectTypeOf(entry.amount).toEqualTypeOf<number | undefined>();
expectTypeOf(entry.rrule).toEqualTypeOf<string | null | undefined>();
expectTypeOf(entry.seriesId).toEqualTypeOf<string | null | undefined>();
expectTypeOf(entry.baked).toEqualTypeOf<boolean>();
expectTypeOf(entry.emptyStomach).toEqualTypeOf<boolean | '' | undefined>();
expectTypeOf(device.alarmEnable).toEqualTypeOf<number | undefined>();
expectTypeOf(device.patient).toEqualTypeOf<string | null | undefined>();
expectTypeOf(user.accountId).toEqualTypeOf<string | null | undefined>();
// Exact outputs: no index signature, so a misspelled field does not compile at all.
// @ts-expect-error titel is not a field of CalendarEntry
const typo: unknown = entry.titel;
// @ts-expect-error nor of a User
void user.nmae;

// Open unions: the known literals, and any other string still fits.
expectTypeOf<'admin'>().toMatchTypeOf<KnownUserRole>();
expectTypeOf<'auditor'>().toMatchTypeOf<KnownUserRole>();
expectTypeOf(device.status).toMatchTypeOf<string>();
declare const apiError: ApiError;
expectTypeOf<'not_found'>().toMatchTypeOf<typeof apiError.code>();

// The bake target is a union of the valid combinations.
const forPatient: BakeCreate = { patient: '65a1f0c2e4b0a1b2c3d4e5f6', from: '2026-11-23', to: '2026-11-29' };
const forOrganization: BakeCreate = { updateAllPatients: true, organization: '65a1f0c2e4b0a1b2c3d4e5f6', from: '2026-11-23', to: '2026-11-29' };
const forOwnOrganization: BakeCreate = { updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' };
// @ts-expect-error patient and updateAllPatients together
const both: BakeCreate = { patient: '65a1f0c2e4b0a1b2c3d4e5f6', updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' };
// @ts-expect-error an organization without updateAllPatients
const orgOnly: BakeCreate = { organization: '65a1f0c2e4b0a1b2c3d4e5f6', from: '2026-11-23', to: '2026-11-29' };
// @ts-expect-error no target
const none: BakeCreate = { from: '2026-11-23', to: '2026-11-29' };

const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1' });
// rrule is the RFC 5545 string, not an object.
void client.calendars.create({ patient: '65a1f0c2e4b0a1b2c3d4e5f6', rrule: 'FREQ=DAILY' });
// @ts-expect-error an rrule object does not compile
void client.calendars.create({ patient: '65a1f0c2e4b0a1b2c3d4e5f6', rrule: { freq: 'DAILY' } });

// Exact inputs: a misspelled key, a server-owned field, a closed set's typo do not compile.
// @ts-expect-error intaketime is misspelled
void client.calendars.create({ patient: '65a1f0c2e4b0a1b2c3d4e5f6', intaketime: '21:30' });
// @ts-expect-error amout is misspelled
void client.calendars.update('65a1f0c2e4b0a1b2c3d4e5f6', { amout: 2 });
// @ts-expect-error baked is the server's
void client.calendars.replace('65a1f0c2e4b0a1b2c3d4e5f6', { baked: true });
// @ts-expect-error mornin is not a time category
void client.calendars.create({ patient: '65a1f0c2e4b0a1b2c3d4e5f6', timeCategory: 'mornin' });
// @ts-expect-error titel is not a sort field
void client.calendars.list({ sortBy: 'titel:desc' });
// @ts-expect-error admn is not a role
void client.users.list({ organization: '65a1f0c2e4b0a1b2c3d4e5f6', role: 'admn' });
// @ts-expect-error only creates take an Idempotency-Key
void client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6', { idempotencyKey: 'job-1' });
// The one door for extra keys, two sort keys, an Idempotency-Key on a create.
void client.calendars.create({ patient: '65a1f0c2e4b0a1b2c3d4e5f6', intakeTime: '21:30', timeCategory: 'night', extra: { colour: 'blue' } }, { idempotencyKey: 'job-1' });
void client.calendars.list({ sortBy: 'date:desc,startTime' });

// withResponse and request() are typed.
async function typedAnswers() {
  const { data, status, headers, requestId } = await client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6').withResponse();
  expectTypeOf(data).toEqualTypeOf<CalendarEntry>();
  expectTypeOf(status).toEqualTypeOf<number>();
  expectTypeOf(headers).toEqualTypeOf<Headers>();
  expectTypeOf(requestId).toEqualTypeOf<string>();
  const raw = await client.request({ method: 'GET', path: '/x' });
  expectTypeOf(raw).toEqualTypeOf<unknown>();
  const typed = await client.request({ method: 'GET', path: '/x', response: { safeParse: (value: unknown) => ({ success: true as const, data: value as { n: number } }) } });
  expectTypeOf(typed).toEqualTypeOf<{ n: number }>();
}

// The logger narrows on type.
function onLog(entry: LoggerEntry) {
  if (entry.type === 'retry-wait') expectTypeOf(entry.ms).toEqualTypeOf<number>();
  else expectTypeOf(entry.durationMs).toEqualTypeOf<number>();
}

export { typo, forPatient, forOrganization, forOwnOrganization, both, orgOnly, none, typedAnswers, onLog };
