/** Every one of the 21 operations (the calendars' in resources-calendars.test.ts): method, path, query, body, success status and the typed answer. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Account, type Device, type DeviceEvent, type Medication, type Organization, type PdfLink, type User } from '../src/index.js';
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
import { account, bakeResult, calendarEntry, device, deviceEvent, ids, medication, organization, user } from './support/fixtures.js';
import { answerAll } from './support/record.js';
import { testClient, useServer } from './support/server.js';

useServer();
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

  it('this file and resources-calendars.test.ts cover all 21 operations of the catalogue', () => {
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
