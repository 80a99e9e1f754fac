import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { clientFor, startTestServer } from './support/server.js';

let server: RunningServer;
let admin: ReturnType<typeof clientFor>;
let staff: ReturnType<typeof clientFor>;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, { apiKey: org1.admin.apiKey });
  staff = clientFor(server, { apiKey: org1.user.apiKey });
});
afterAll(() => server.close());

describe('every operation through the SDK', () => {
  it('accounts.update: own account; names follow to the user', async () => {
    const account = await staff.accounts.update(org1.user.accountId, { given_name: 'Bernadette', language: 'de', notification: { email: true } });
    expect(account).toMatchObject({ id: org1.user.accountId, firstName: 'Bernadette', language: 'de', organizationId: org1.id });
    expect(server.reference.db.users.get(org1.user.userId)!.name).toBe('Bernadette Brandt');
  });

  it('accounts.update: an empty update answers the account and writes nothing', async () => {
    const before = server.reference.db.accounts.get(org1.admin.accountId)!;
    const account = await admin.accounts.update(org1.admin.accountId, {});
    expect(account).toMatchObject({ id: org1.admin.accountId, updatedAt: before.updatedAt });
    expect(server.reference.db.accounts.get(org1.admin.accountId)).toEqual(before);
  });

  it('calendars: create (201), get, replace, update, list', async () => {
    const created = await staff.calendars.create({
      patient: org1.patient.userId,
      name: 'Aspirin',
      instruction: 'with food',
      timeCategory: 'noon',
      date: '2026-03-01',
      rrule: 'FREQ=WEEKLY',
      subTray: 'A',
      extra: { colour: 'blue' },
    });
    expect(created).toMatchObject({
      userId: org1.patient.userId,
      title: 'Aspirin',
      description: 'with food',
      startTime: '12:00',
      endTime: '12:30',
      baked: false,
      rrule: 'FREQ=WEEKLY',
      colour: 'blue',
      date: '2026-03-01',
    });
    expect(await staff.calendars.get(created.id)).toEqual(created);
    const replaced = await staff.calendars.replace(created.id, { name: 'Aspirin 100', intakeTime: '07:45' });
    expect(replaced).toMatchObject({ title: 'Aspirin 100', startTime: '07:45', endTime: '08:15', description: '', userId: org1.patient.userId, date: '2026-03-01' });
    expect(replaced).not.toHaveProperty('colour');
    const updated = await staff.calendars.update(created.id, { instruction: 'after food' });
    expect(updated).toMatchObject({ title: 'Aspirin 100', description: 'after food' });
    const page = await staff.calendars.list({ patient: org1.patient.userId, search: 'after food' });
    expect(page.items.map((entry) => entry.id)).toEqual([created.id]);
  });

  it('devices.update: assignment and status record events; devices.events lists them in order', async () => {
    const assigned = await staff.devices.update(org1.spareDevice, { patient: org1.patient2.userId, alarmEnable: 1 });
    expect(assigned).toMatchObject({ status: 'active', patient: org1.patient2.userId, alarmEnable: 1 });
    const unassigned = await staff.devices.update(org1.spareDevice, { patient: null });
    expect(unassigned.status).toBe('unassigned');
    const events = await staff.devices.events(org1.spareDevice);
    expect(events.map((event) => event.type)).toEqual(['activate', 'state', 'update', 'state']);
    expect(await staff.devices.events(org1.spareDevice, { TypeFilter: 'state' })).toHaveLength(2);
    const demoEvents = await clientFor(server, { apiKey: org1.patient.apiKey }).devices.events(org1.deviceOf.patient);
    expect(demoEvents.length).toBeGreaterThanOrEqual(3);
    const timestamps = demoEvents.map((event) => event.timestamp);
    expect([...timestamps].sort()).toEqual(timestamps);
    const window = await staff.devices.events(org1.deviceOf.patient, { DateStart: demoEvents[1]!.timestamp, DateEnd: demoEvents[2]!.timestamp });
    expect(window.map((event) => event.id)).toEqual([demoEvents[1]!.id]);
  });

  it('medications: create (201), get, replace, update, delete', async () => {
    const created = await staff.medications.create({ name: 'Paracetamol 500 mg', meta: { pzn: '123' } });
    expect(created).toMatchObject({ name: 'Paracetamol 500 mg', organization: org1.id, meta: { pzn: '123' } });
    expect(await staff.medications.get(created.id)).toMatchObject({ id: created.id });
    expect(await staff.medications.replace(created.id, { name: 'Paracetamol 1 g' })).toMatchObject({ name: 'Paracetamol 1 g', meta: {} });
    expect(await staff.medications.update(created.id, { meta: { pzn: '456' } })).toMatchObject({ name: 'Paracetamol 1 g', meta: { pzn: '456' } });
    expect(await staff.medications.delete(created.id)).toMatchObject({ id: created.id });
    await expect(staff.medications.get(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('organizations: get, update (admin); body organization must match the path', async () => {
    expect(await staff.organizations.get(org1.id)).toMatchObject({ id: org1.id, name: 'Sonnen-Apotheke', kind: 'pharmacy' });
    expect(await admin.organizations.update(org1.id, { name: 'Sonnen-Apotheke Mitte' })).toMatchObject({ name: 'Sonnen-Apotheke Mitte' });
    await expect(admin.organizations.update(org1.id, { organization: 'ffffffffffffffffffffffff', name: 'x' })).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('users: create (201, defaults), list', async () => {
    const user = await staff.users.create({ organization: org1.id, email: 'new.patient@sonnen.example' });
    expect(user).toMatchObject({ name: 'new.patient', role: 'patient', category: 'patient', timezone: 'UTC', organization: org1.id });
    const page = await staff.users.list({ organization: org1.id, search: 'new.patient' });
    expect(page.items.map((item) => item.id)).toEqual([user.id]);
  });

  it('bakes, reads and unbakes a range, and signs PDF links', async () => {
    const range = { patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' };
    const baked = await staff.calendars.bake.create(range);
    expect(baked.data.length).toBeGreaterThan(0);
    expect(baked.data.every((entry) => entry.baked)).toBe(true);
    expect((await staff.calendars.bake.get(range)).data).toEqual(baked.data);
    const reverted = await staff.calendars.bake.delete(range);
    expect(reverted.map((entry) => entry.baked)).toEqual(baked.data.map(() => false));
    expect((await staff.calendars.bake.get(range)).data).toEqual([]);
    expect((await staff.pdf.sign('https://app.medsched.test/x')).signed).toMatch(/\/files\/pdf\?url=.+&expires=\d+&signature=/);
  });

  it('works with a bearer token from the development sign-in', async () => {
    const pair = await server.reference.identityProvider.issue(org1.admin.accountId, 60);
    const viaToken = clientFor(server, { token: pair.accessToken });
    expect(await viaToken.organizations.get(org1.id)).toMatchObject({ id: org1.id });
  });
});
