/** Every one of the 21 operations: method, path, query, body, success status and the typed answer. */
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { calendarEntryInput, CalendarEntry, Page, unknownFields, type Account, type BakeResult, type Device, type DeviceEvent, type Medication, type Organization, type PdfLink, type User } from '../src/index.js';
import {
  Account as AccountSchema,
  BakeResult as BakeResultSchema,
  CalendarEntry as CalendarEntrySchema,
  Device as DeviceSchema,
  DeviceEvent as DeviceEventSchema,
  Medication as MedicationSchema,
  Organization as OrganizationSchema,
  User as UserSchema,
  operations,
} from '../src/schemas/index.js';
import { account, BASE, bakeResult, calendarEntry, device, deviceEvent, ids, medication, organization, user } from './support/fixtures.js';
import { answerAll } from './support/record.js';
import { testClient, useServer } from './support/server.js';

const server = useServer();
const client = testClient();

describe('fixtures', () => {
  it('satisfy the output schemas (so every answer below is a valid one)', () => {
    expect(() => CalendarEntrySchema.parse(calendarEntry())).not.toThrow();
    expect(() => BakeResultSchema.parse(bakeResult())).not.toThrow();
    expect(() => DeviceSchema.parse(device())).not.toThrow();
    expect(() => DeviceEventSchema.parse(deviceEvent())).not.toThrow();
    expect(() => MedicationSchema.parse(medication())).not.toThrow();
    expect(() => OrganizationSchema.parse(organization())).not.toThrow();
    expect(() => UserSchema.parse(user())).not.toThrow();
    expect(() => AccountSchema.parse(account())).not.toThrow();
  });

  it('this file covers all 21 operations of the catalogue', () => {
    expect(Object.keys(operations)).toHaveLength(21);
  });
});

describe('accounts', () => {
  it('update: PATCH /accounts/{accountId} with the JSON body, account id encoded', async () => {
    const calls = answerAll(account({ firstName: 'Ada' }));
    // `sms` is a key the type does not list: notification settings are open, and other keys are sent as given.
    const notification = { email: true, sms: false };
    const result = await client.accounts.update(ids.account, { language: 'de', notification });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.url.pathname).toBe('/v1/accounts/auth0%7C65a1f0c2e4b0a1b2c3d4e650');
    expect(calls[0]!.contentType).toMatch(/^application\/json/);
    expect(calls[0]!.body).toEqual({ language: 'de', notification: { email: true, sms: false } });
    expect(result).toEqual(account({ firstName: 'Ada' }));
    expectTypeOf(result).toEqualTypeOf<Account>();
  });
});

describe('calendars', () => {
  it('list: GET /calendars/ with the filters in the query string, one page back', async () => {
    const entries = [calendarEntry(), calendarEntry({ id: '65a1f0c2e4b0a1b2c3d4e611', date: '2026-11-24' })];
    const calls = answerAll(entries, { headers: { 'x-total-count': '2' } });
    const page = await client.calendars.list({ patient: ids.patient, limit: 20, page: 2, sortBy: 'date:desc,startTime', search: 'metf' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe('/calendars/');
    expect(calls[0]!.query).toEqual({ patient: ids.patient, limit: '20', page: '2', sortBy: 'date:desc,startTime', search: 'metf' });
    expect(calls[0]!.body).toBeUndefined();
    expect(page).toBeInstanceOf(Page);
    expect(page.items).toEqual(entries);
    expect(page.total).toBe(2);
    expect(page.hasMore).toBe(false);
    expectTypeOf(page.items).toEqualTypeOf<CalendarEntry[]>();
  });

  it('list without a query sends no query string', async () => {
    const calls = answerAll([]);
    const page = await client.calendars.list();
    expect(calls[0]!.url.search).toBe('');
    expect(page.items).toEqual([]);
  });

  it('create: POST /calendars/, 201, extra keys at the top level of the body and back through unknownFields()', async () => {
    const calls = answerAll(calendarEntry({ pharmacyNote: 'blister 3' }), { status: 201 });
    const known = { patient: ids.patient, name: 'Metformin 500', date: '2026-11-23', intakeTime: '08:00', rrule: 'FREQ=DAILY' };
    const entry = await client.calendars.create({ ...known, extra: { pharmacyNote: 'blister 3' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/calendars/');
    expect(calls[0]!.body).toEqual({ ...known, pharmacyNote: 'blister 3' });
    expect(entry).toEqual(calendarEntry({ pharmacyNote: 'blister 3' }));
    expect(unknownFields(CalendarEntry, entry)).toEqual({ pharmacyNote: 'blister 3' });
    expect(calendarEntryInput(entry).extra).toEqual({ pharmacyNote: 'blister 3' });
    expectTypeOf(entry).toEqualTypeOf<CalendarEntry>();
  });

  it('get: GET /calendars/{calendarId}', async () => {
    let seen: string | undefined;
    server.use(
      http.get(`${BASE}/calendars/:calendarId`, ({ params }) => {
        seen = params.calendarId as string;
        return HttpResponse.json(calendarEntry());
      }),
    );
    const entry = await client.calendars.get(ids.calendar);
    expect(seen).toBe(ids.calendar);
    expect(entry).toEqual(calendarEntry());
    expectTypeOf(entry).toEqualTypeOf<CalendarEntry>();
  });

  it('replace: POST /calendars/{calendarId} with the whole entry', async () => {
    const calls = answerAll(calendarEntry({ title: 'Metformin 850' }));
    const body = { patient: ids.patient, name: 'Metformin 850', date: '2026-11-23', amount: 1, emptyStomach: '' as const };
    const entry = await client.calendars.replace(ids.calendar, body);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe(`/calendars/${ids.calendar}`);
    expect(calls[0]!.body).toEqual(body);
    expect(entry.title).toBe('Metformin 850');
  });

  it('update: PATCH /calendars/{calendarId} with only the changed fields', async () => {
    const calls = answerAll(calendarEntry({ amount: 2 }));
    const entry = await client.calendars.update(ids.calendar, { amount: 2 });
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.path).toBe(`/calendars/${ids.calendar}`);
    expect(calls[0]!.body).toEqual({ amount: 2 });
    expect(entry.amount).toBe(2);
  });
});

describe('calendars.bake', () => {
  it('get: GET /calendars/bake with patient, from and to in the query', async () => {
    const calls = answerAll(bakeResult());
    const result = await client.calendars.bake.get({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe('/calendars/bake');
    expect(calls[0]!.query).toEqual({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24' });
    expect(calls[0]!.body).toBeUndefined();
    expect(result).toEqual(bakeResult());
    expectTypeOf(result).toEqualTypeOf<BakeResult>();
  });

  it('create: POST /calendars/bake with a JSON body', async () => {
    const calls = answerAll(bakeResult());
    const result = await client.calendars.bake.create({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24T23:59:59.000Z' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/calendars/bake');
    expect(calls[0]!.url.search).toBe('');
    expect(calls[0]!.body).toEqual({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24T23:59:59.000Z' });
    expect(result.alarms).toHaveLength(2);
    expect(result.allAlarms).toEqual([[480], [480]]);
  });

  it('create for all patients of an organization', async () => {
    const calls = answerAll(bakeResult());
    await client.calendars.bake.create({ organization: ids.organization, updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' });
    expect(calls[0]!.body).toEqual({ organization: ids.organization, updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' });
  });

  it('delete: DELETE /calendars/bake with the range in the query, reverted entries back', async () => {
    const reverted = [calendarEntry({ baked: false })];
    const calls = answerAll(reverted);
    const result = await client.calendars.bake.delete({ patient: ids.patient, from: '2026-11-23', to: '2026-11-29' });
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.path).toBe('/calendars/bake');
    expect(calls[0]!.query).toEqual({ patient: ids.patient, from: '2026-11-23', to: '2026-11-29' });
    expect(calls[0]!.body).toBeUndefined();
    expect(result).toEqual(reverted);
    expectTypeOf(result).toEqualTypeOf<CalendarEntry[]>();
  });
});

describe('devices', () => {
  it('update: PATCH /devices/{deviceId}, patient null unassigns', async () => {
    const calls = answerAll(device({ status: 'unassigned', patient: null }));
    const result = await client.devices.update(ids.device, { patient: null, alarmEnable: 0 });
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.path).toBe(`/devices/${ids.device}`);
    expect(calls[0]!.body).toEqual({ patient: null, alarmEnable: 0 });
    expect(result.status).toBe('unassigned');
    expectTypeOf(result).toEqualTypeOf<Device>();
  });

  it('events: GET /devices/events/{deviceId} with DateStart, DateEnd and TypeFilter', async () => {
    const events = [deviceEvent(), deviceEvent({ id: '65a1f0c2e4b0a1b2c3d4e641', type: 'state', timestamp: '2026-11-22T11:00:00.000Z' })];
    const calls = answerAll(events);
    const result = await client.devices.events(ids.device, {
      DateStart: '2026-11-01T00:00:00.000Z',
      DateEnd: '2026-12-01T00:00:00.000Z',
      TypeFilter: 'state',
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe(`/devices/events/${ids.device}`);
    expect(calls[0]!.query).toEqual({ DateStart: '2026-11-01T00:00:00.000Z', DateEnd: '2026-12-01T00:00:00.000Z', TypeFilter: 'state' });
    expect(result).toEqual(events);
    expectTypeOf(result).toEqualTypeOf<DeviceEvent[]>();
  });

  it('events without filters sends no query string', async () => {
    const calls = answerAll([]);
    expect(await client.devices.events(ids.device)).toEqual([]);
    expect(calls[0]!.url.search).toBe('');
  });
});

describe('medications', () => {
  it('create: POST /medications/, 201', async () => {
    const calls = answerAll(medication(), { status: 201 });
    const result = await client.medications.create({ name: 'Ibuprofen 400', meta: { atc: 'M01AE01' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/medications/');
    expect(calls[0]!.body).toEqual({ name: 'Ibuprofen 400', meta: { atc: 'M01AE01' } });
    expect(result).toEqual(medication());
    expectTypeOf(result).toEqualTypeOf<Medication>();
  });

  it('get: GET /medications/{medicationId}', async () => {
    const calls = answerAll(medication());
    expect(await client.medications.get(ids.medication)).toEqual(medication());
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe(`/medications/${ids.medication}`);
    expect(calls[0]!.body).toBeUndefined();
  });

  it('replace: POST /medications/{medicationId}', async () => {
    const calls = answerAll(medication({ name: 'Ibuprofen 600', meta: {} }));
    const result = await client.medications.replace(ids.medication, { name: 'Ibuprofen 600', meta: {} });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe(`/medications/${ids.medication}`);
    expect(calls[0]!.body).toEqual({ name: 'Ibuprofen 600', meta: {} });
    expect(result.name).toBe('Ibuprofen 600');
  });

  it('update: PATCH /medications/{medicationId}', async () => {
    const calls = answerAll(medication({ name: 'Ibuprofen 600' }));
    const result = await client.medications.update(ids.medication, { name: 'Ibuprofen 600' });
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.path).toBe(`/medications/${ids.medication}`);
    expect(calls[0]!.body).toEqual({ name: 'Ibuprofen 600' });
    expect(result.name).toBe('Ibuprofen 600');
  });

  it('delete: DELETE /medications/{medicationId}, the removed record back', async () => {
    const calls = answerAll(medication());
    const removed = await client.medications.delete(ids.medication);
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.path).toBe(`/medications/${ids.medication}`);
    expect(calls[0]!.body).toBeUndefined();
    expect(removed).toEqual(medication());
  });
});

describe('organizations', () => {
  it('get: GET /organizations/{organizationId}', async () => {
    const calls = answerAll(organization());
    const result = await client.organizations.get(ids.organization);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe(`/organizations/${ids.organization}`);
    expect(result).toEqual(organization());
    expectTypeOf(result).toEqualTypeOf<Organization>();
  });

  it('update: PATCH /organizations/{organizationId}, body organization defaults to the path id', async () => {
    const calls = answerAll(organization({ name: 'Linden Pharmacy North' }));
    const result = await client.organizations.update(ids.organization, { name: 'Linden Pharmacy North' });
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.path).toBe(`/organizations/${ids.organization}`);
    expect(calls[0]!.body).toEqual({ organization: ids.organization, name: 'Linden Pharmacy North' });
    expect(result.name).toBe('Linden Pharmacy North');
  });
});

describe('users', () => {
  it('list: GET /users/ with organization and role', async () => {
    const calls = answerAll([user()], { headers: { 'x-total-count': '1' } });
    const page = await client.users.list({ organization: ids.organization, role: 'patient', name: 'ada' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe('/users/');
    expect(calls[0]!.query).toEqual({ organization: ids.organization, role: 'patient', name: 'ada' });
    expect(page.items).toEqual([user()]);
    expect(page.total).toBe(1);
    expectTypeOf(page.items).toEqualTypeOf<User[]>();
  });

  it('create: POST /users/, 201', async () => {
    const calls = answerAll(user(), { status: 201 });
    const body = { organization: ids.organization, name: 'Ada Patient', email: 'ada@example.org', role: 'patient' as const, category: 'patient' as const, timezone: 'Europe/Berlin' };
    const result = await client.users.create(body);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/users/');
    expect(calls[0]!.body).toEqual(body);
    expect(result).toEqual(user());
    expectTypeOf(result).toEqualTypeOf<User>();
  });
});

describe('pdf', () => {
  it('sign: GET /pdf/ with urlPath in the query, the signed link back', async () => {
    const signed = 'https://api.medsched.test/pdf/render?path=%2Fpatients%2Fplan&expires=1795000000&signature=abc123';
    const calls = answerAll({ signed });
    const result = await client.pdf.sign('https://app.medsched.test/patients/65a1f0c2e4b0a1b2c3d4e5f6/plan');
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe('/pdf/');
    expect(calls[0]!.query).toEqual({ urlPath: 'https://app.medsched.test/patients/65a1f0c2e4b0a1b2c3d4e5f6/plan' });
    expect(result).toEqual({ signed });
    expectTypeOf(result).toEqualTypeOf<PdfLink>();
  });
});

describe('every request', () => {
  it('asks for JSON and sends a JSON content type only with a body', async () => {
    const calls = answerAll(medication());
    await client.medications.get(ids.medication);
    await client.medications.update(ids.medication, { name: 'x' });
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
    expect(calls[0]!.contentType).toBeNull();
    expect(calls[1]!.contentType).toMatch(/^application\/json/);
  });
});
