/** Local input validation (no request made) and response validation against the output schemas. */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CalendarEntryCreateInput, checkInput, MedschedError, ResponseValidationError, ValidationError, type MedschedClient } from '../src/index.js';
import { bakeResult, calendarEntry, ids, medication, user } from './support/fixtures.js';
import { answerAll, sequence } from './support/record.js';
import { testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

useServer();
const client = testClient();

// Inputs typed `any` on purpose: these are the mistakes the types would catch, made from JavaScript.
/* oxlint-disable typescript/no-explicit-any, typescript/no-unsafe-argument, typescript/no-unsafe-assignment -- the mistakes, made from JavaScript */
const invalidInputs: { name: string; run: (c: MedschedClient) => Promise<unknown>; path: string; message?: RegExp }[] = [
  { name: 'malformed calendar id', run: (c) => c.calendars.get('65A1F0C2E4B0A1B2C3D4E5F6'), path: 'calendarId', message: /24 lower-case hex/ },
  { name: 'short medication id', run: (c) => c.medications.delete('65a1f0'), path: 'medicationId' },
  { name: 'id with a slash (path injection)', run: (c) => c.medications.get('../users/65a1f0c2e4b0a1b2c3d4e5f6'), path: 'medicationId' },
  { name: 'malformed device id on events', run: (c) => c.devices.events('dev-1'), path: 'deviceId' },
  { name: 'malformed organization id', run: (c) => c.organizations.get('acme'), path: 'organizationId' },
  { name: 'empty account id', run: (c) => c.accounts.update('', { language: 'de' }), path: 'accountId' },
  { name: 'bake.get from > to', run: (c) => c.calendars.bake.get({ patient: ids.patient, from: '2026-11-29', to: '2026-11-23' }), path: 'to', message: /before from/ },
  { name: 'bake.delete from > to (date-times)', run: (c) => c.calendars.bake.delete({ patient: ids.patient, from: '2026-11-23T12:00:00.000Z', to: '2026-11-23T08:00:00.000Z' }), path: 'to' },
  { name: 'bake.create from > to', run: (c) => c.calendars.bake.create({ patient: ids.patient, from: '2026-12-01', to: '2026-11-01' }), path: 'to' },
  { name: 'bake.create over 366 days', run: (c) => c.calendars.bake.create({ patient: ids.patient, from: '2026-01-01', to: '2027-01-02' }), path: 'to', message: /366/ },
  {
    name: 'bake.create patient + updateAllPatients',
    run: (c) => c.calendars.bake.create({ patient: ids.patient, updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' } as any),
    path: '(root)',
    message: /not both/,
  },
  { name: 'bake.create without a target', run: (c) => c.calendars.bake.create({ from: '2026-11-23', to: '2026-11-29' } as any), path: '(root)', message: /give a patient/ },
  {
    name: 'bake.create organization without updateAllPatients',
    run: (c) => c.calendars.bake.create({ organization: ids.organization, from: '2026-11-23', to: '2026-11-29' } as any),
    path: '(root)',
    message: /updateAllPatients: true/,
  },
  { name: 'calendars.create with an rrule object', run: (c) => c.calendars.create({ patient: ids.patient, rrule: { freq: 'DAILY' } as any }), path: 'rrule' },
  { name: 'calendars.create with an rrule without FREQ', run: (c) => c.calendars.create({ patient: ids.patient, rrule: 'INTERVAL=2' }), path: 'rrule', message: /FREQ/ },
  { name: 'calendars.update with an rrule that is prose', run: (c) => c.calendars.update(ids.calendar, { rrule: 'every day' }), path: 'rrule', message: /RFC 5545/ },
  { name: 'bake.get with a bad date', run: (c) => c.calendars.bake.get({ patient: ids.patient, from: '23.11.2026', to: '2026-11-29' }), path: 'from' },
  { name: 'users.create with a bad role', run: (c) => c.users.create({ organization: ids.organization, role: 'superadmin' as any }), path: 'role' },
  { name: 'users.create with a bad time zone', run: (c) => c.users.create({ organization: ids.organization, timezone: 'Mars/Olympus_Mons' }), path: 'timezone', message: /IANA/ },
  { name: 'users.create with a bad category', run: (c) => c.users.create({ organization: ids.organization, category: 'surgeon' as any }), path: 'category' },
  { name: 'users.create with a bad e-mail', run: (c) => c.users.create({ organization: ids.organization, email: 'not-an-email' }), path: 'email' },
  { name: 'users.create with an unknown key', run: (c) => c.users.create({ organization: ids.organization, nmae: 'Ada' } as any), path: '(root)', message: /nmae/ },
  { name: 'calendars.list limit 0', run: (c) => c.calendars.list({ limit: 0 }), path: 'limit' },
  { name: 'calendars.list limit not an integer', run: (c) => c.calendars.list({ limit: 2.5 }), path: 'limit' },
  { name: 'calendars.list negative offset', run: (c) => c.calendars.list({ offset: -1 }), path: 'offset' },
  { name: 'calendars.list unknown sortBy field', run: (c) => c.calendars.list({ sortBy: 'colour:asc' as never }), path: 'sortBy', message: /colour/ },
  { name: 'calendars.list malformed sortBy', run: (c) => c.calendars.list({ sortBy: 'date:up' as never }), path: 'sortBy' },
  { name: 'users.list unknown sortBy field', run: (c) => c.users.list({ organization: ids.organization, sortBy: 'name,title' as never }), path: 'sortBy', message: /title/ },
  { name: 'users.list without organization', run: (c) => c.users.list({} as any), path: 'organization' },
  { name: 'calendars.create without patient', run: (c) => c.calendars.create({ name: 'Metformin' } as any), path: 'patient' },
  { name: 'calendars.create with a bad date', run: (c) => c.calendars.create({ patient: ids.patient, date: '2026-13-40' }), path: 'date' },
  { name: 'calendars.update emptyStomach a non-empty string', run: (c) => c.calendars.update(ids.calendar, { emptyStomach: 'yes' as any }), path: 'emptyStomach' },
  { name: 'medications.create with an unknown key', run: (c) => c.medications.create({ name: 'x', dosage: 5 } as any), path: '(root)', message: /dosage/ },
  { name: 'devices.update with a bad patient id', run: (c) => c.devices.update(ids.device, { patient: 'p1' }), path: 'patient' },
  { name: 'devices.events with a bad DateStart', run: (c) => c.devices.events(ids.device, { DateStart: 'yesterday' }), path: 'DateStart' },
  { name: 'accounts.update with a bad e-mail', run: (c) => c.accounts.update(ids.account, { email: 'x' }), path: 'email' },
  { name: 'organizations.update with an empty name', run: (c) => c.organizations.update(ids.organization, { name: '' }), path: 'name' },
  { name: 'pdf.sign with an empty urlPath', run: (c) => c.pdf.sign(''), path: 'urlPath' },
];

describe('input validation', () => {
  it.each(invalidInputs)('$name: ValidationError at "$path", no request', async ({ run, path, message }) => {
    const calls = sequence(() => HttpResponse.json({}));
    const error = await failure(run(client));
    expect(calls).toHaveLength(0);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(MedschedError);
    const err = error as ValidationError;
    expect(err.code).toBe('validation_failed');
    expect(err.issues.map((issue) => issue.path)).toContain(path);
    expect(err.message).toContain(`${path}:`);
    if (message) expect(err.issues.map((issue) => issue.message).join(' ')).toMatch(message);
  });

  it('reports every issue at once', async () => {
    const calls = sequence(() => HttpResponse.json({}));
    const error = (await failure(client.users.create({ organization: 'nope', role: 'root' as any, timezone: 'Nowhere/City' }))) as ValidationError;
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['organization', 'role', 'timezone']);
    expect(calls).toHaveLength(0);
  });

  it('valid edge values pass: limit 1, offset 0, updateAllPatients alone, a 366-day range', async () => {
    const calls = answerAll([]);
    await client.calendars.list({ limit: 1, offset: 0 });
    expect(calls[0]!.query).toEqual({ limit: '1', offset: '0' });
    answerAll(bakeResult());
    await client.calendars.bake.create({ updateAllPatients: true, from: '2026-01-01', to: '2026-12-31' });
    await client.calendars.bake.create({ patient: ids.patient, from: '2028-01-01', to: '2028-12-31' }); // leap year: 366 days
  });
});

describe('calendar inputs: known keys exactly, extra keys through `extra`', () => {
  const runs = [
    { name: 'create', run: (c: MedschedClient, body: Record<string, unknown>) => c.calendars.create({ patient: ids.patient, ...body }), status: 201 },
    { name: 'replace', run: (c: MedschedClient, body: Record<string, unknown>) => c.calendars.replace(ids.calendar, body), status: 200 },
    { name: 'update', run: (c: MedschedClient, body: Record<string, unknown>) => c.calendars.update(ids.calendar, body), status: 200 },
  ];

  it.each(runs)('$name sends the keys of `extra` at the top level, as the interface stores them', async ({ run, status }) => {
    const calls = answerAll(calendarEntry(), { status });
    const extra = { pharmacyNote: 'blister 3', dispenser: { slot: 4, colour: 'red' } };
    await run(client, { name: 'Metformin 500', rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH', extra });
    expect(calls[0]!.body).toMatchObject({ name: 'Metformin 500', rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH', ...extra });
    expect(calls[0]!.body).not.toHaveProperty('extra');
  });

  it.each(runs)('$name refuses a misspelled key, naming it, and sends nothing', async ({ run }) => {
    const calls = answerAll(calendarEntry());
    const error = await failure(run(client, { intaketime: '21:30', amout: 2 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('"intaketime": did you mean "intakeTime"?');
    expect((error as ValidationError).message).toContain('"amout": did you mean "amount"?');
    expect(calls).toHaveLength(0);
  });

  it.each(runs)('$name refuses a time category outside the known ones', async ({ run }) => {
    const calls = answerAll(calendarEntry());
    expect(((await failure(run(client, { timeCategory: 'mornin' }))) as ValidationError).issues[0]!.path).toBe('timeCategory');
    expect(calls).toHaveLength(0);
  });

  it('refuses a known or server-owned field inside `extra`, naming it', async () => {
    const calls = answerAll(calendarEntry());
    const error = (await failure(client.calendars.update(ids.calendar, { extra: { intakeTime: '21:30', baked: true } }))) as ValidationError;
    expect(error.issues.map((issue) => issue.path)).toEqual(['extra.intakeTime', 'extra.baked']);
    expect(error.message).toContain('give it at the top level');
    expect(error.message).toContain('set by the server');
    expect(calls).toHaveLength(0);
  });

  it('with validateRequest: false, `extra` is still put at the top level', async () => {
    const calls = answerAll(calendarEntry());
    await client.calendars.update(ids.calendar, { amount: 2, extra: { note: 'x' } }, { validateRequest: false });
    expect(calls[0]!.body).toEqual({ amount: 2, note: 'x' });
  });

  it('other inputs do not: an unknown key on a medication is refused locally', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    expect(await failure(client.medications.update(ids.medication, { nmae: 'x' } as any))).toBeInstanceOf(ValidationError);
    expect(calls).toHaveLength(0);
  });
});

describe('response validation', () => {
  it('is on by default: a mismatch raises ResponseValidationError with the path', async () => {
    const calls = answerAll({ ...calendarEntry(), baked: 'yes' }, { headers: { 'x-request-id': 'req_bad_answer' } });
    const error = await failure(client.calendars.get(ids.calendar));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toBeInstanceOf(MedschedError);
    expect(error).not.toBeInstanceOf(ValidationError);
    const err = error as ResponseValidationError;
    expect(err.code).toBe('response_validation_failed');
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]!.path).toBe('baked');
    expect(err.message).toContain('calendars.get');
    expect(err.message).toContain('baked:');
    expect(err.status).toBe(200);
    expect(err.requestId).toBe('req_bad_answer');
    expect(err.body).toEqual({ ...calendarEntry(), baked: 'yes' });
    expect(calls).toHaveLength(1); // not retried
  });

  it('shows nested paths: an item of a list, an entry inside a bake result', async () => {
    answerAll([calendarEntry(), { ...calendarEntry(), title: 42 }]);
    const listError = (await failure(client.calendars.list())) as ResponseValidationError;
    expect(listError.issues.map((issue) => issue.path)).toEqual(['1.title']);

    answerAll({ ...bakeResult(), data: [{ ...calendarEntry(), baked: 'true' }], allAlarms: [['08:00']] });
    const bakeError = (await failure(client.calendars.bake.get({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24' }))) as ResponseValidationError;
    expect(bakeError.issues.map((issue) => issue.path).sort()).toEqual(['allAlarms.0.0', 'data.0.baked']);
  });

  it('a missing field and a wrong-shaped answer are caught too', async () => {
    const { email: _email, ...withoutEmail } = user();
    answerAll([withoutEmail]);
    const missing = (await failure(client.users.list({ organization: ids.organization }))) as ResponseValidationError;
    expect(missing.issues.map((issue) => issue.path)).toEqual(['0.email']);

    answerAll({ items: [] });
    const shape = (await failure(client.calendars.list())) as ResponseValidationError;
    expect(shape).toBeInstanceOf(ResponseValidationError);
    expect(shape.issues[0]!.path).toBe('(root)');
  });

  it('extra keys in an answer are kept, not refused', async () => {
    answerAll({ ...medication(), stock: 12 });
    const result = await client.medications.get(ids.medication);
    expect((result as Record<string, unknown>).stock).toBe(12);
  });

  it('validateResponses: false on the client lets a mismatch through', async () => {
    answerAll({ ...calendarEntry(), baked: 'yes' });
    const lenient = testClient({ validateResponses: false });
    const entry = await lenient.calendars.get(ids.calendar);
    expect(entry.baked).toBe('yes');
  });

  it('validateResponse: false per call lets a mismatch through; true per call overrides the client', async () => {
    answerAll({ ...calendarEntry(), baked: 'yes' });
    const entry = await client.calendars.get(ids.calendar, { validateResponse: false });
    expect(entry.baked).toBe('yes');
    const lenient = testClient({ validateResponses: false });
    expect(await failure(lenient.calendars.get(ids.calendar, { validateResponse: true }))).toBeInstanceOf(ResponseValidationError);
  });

  it('input validation stays on when response validation is off', async () => {
    const calls = sequence(() => HttpResponse.json({}));
    const lenient = testClient({ validateResponses: false });
    expect(await failure(lenient.calendars.get('bad-id', { validateResponse: false }))).toBeInstanceOf(ValidationError);
    expect(calls).toHaveLength(0);
  });
});

describe('checkInput(): the check a call makes, before anything is sent', () => {
  it('returns the parsed input, or the ValidationError the call would throw with its did-you-mean hint', () => {
    const good = { patient: ids.patient, name: 'Aspirin', intakeTime: '21:30', extra: { colour: 'blue' } };
    expect(checkInput(CalendarEntryCreateInput, good, 'body of calendars.create')).toEqual(good);
    let thrown: unknown;
    try {
      checkInput(CalendarEntryCreateInput, { patient: ids.patient, intaketime: '21:30' }, 'body of calendars.create');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).message).toContain('did you mean "intakeTime"');
  });
});
