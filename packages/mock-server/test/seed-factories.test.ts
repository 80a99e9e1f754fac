import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../src/index.js';
import { lindenhof, sonnen, useMockApi } from './support.js';

describe('seed factories on the demo data', () => {
  const mock = useMockApi();

  it('creates a patient with defaults in the first demo organization and returns the stored record', async () => {
    const patient = await mock.seed.patient({ name: 'Paula Test' });
    expect(patient).toMatchObject({ name: 'Paula Test', role: 'patient', category: 'patient', organization: sonnen, timezone: 'UTC' });
    expect(patient.id).toMatch(/^[0-9a-f]{24}$/);
    expect(mock.db.users.get(patient.id)).toEqual(patient);
  });

  it('creates calendar entries the API then serves, with the server-side mapping', async () => {
    const patient = await mock.seed.patient({ organization: lindenhof });
    const medication = await mock.seed.medication({ organization: lindenhof, name: 'Aspirin 100 mg' });
    const entry = await mock.seed.calendarEntry({ patient: patient.id, medication: medication.id, name: 'Aspirin', date: '2026-05-04', timeCategory: 'evening', intakeTime: undefined });
    expect(entry).toMatchObject({ organization: lindenhof, baked: false, seriesId: null, date: '2026-05-04' });
    const fromApi = await mock.as('user', { organization: 'lindenhof' }).client.calendars.get(entry.id);
    expect(fromApi).toMatchObject({ id: entry.id, title: 'Aspirin', userId: patient.id, startTime: '18:00', endTime: '18:30', medication: medication.id });
  });

  it('refuses at seed time what the API refuses at create: a rule the bake cannot expand, a time that is no clock time', async () => {
    const before = mock.db.calendarEntries.size;
    await expect(mock.seed.calendarEntry({ rrule: 'FREQ=MINUTELY' })).rejects.toThrow(/^mock\.seed\.calendarEntry: rrule: .*\(the API refuses this rule at create\)$/);
    await expect(mock.seed.calendarEntry({ intakeTime: '25:00' })).rejects.toThrow(/^mock\.seed\.calendarEntry: .*intakeTime/);
    await expect(mock.seed.calendarEntry({ timeCategory: 'brunch' })).rejects.toThrow(/timeCategory: must be one of/);
    expect(mock.db.calendarEntries.size).toBe(before);
    // The API agrees: the same rule is refused at create.
    const { client } = mock.as('user');
    await expect(client.calendars.create({ patient: '64d002000000000000000003', name: 'x', date: '2026-05-04', rrule: 'FREQ=MINUTELY' })).rejects.toMatchObject({ status: 400 });
    expect((await mock.seed.calendarEntry({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' })).rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
  });

  it('defaults a calendar entry to the first demo patient, today', async () => {
    const entry = await mock.seed.calendarEntry();
    expect(entry.patient).toBe('64d002000000000000000003');
    // "Today" in the patient's zone (the demo patient lives in Berlin), not UTC's: the two differ
    // for an hour or two before UTC midnight, and this test runs on the real clock.
    const zone = mock.db.users.get(entry.patient)!.timezone;
    const patientsDate = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(entry.createdAt));
    expect(zone).toBe('Europe/Berlin');
    expect(entry.date).toBe(patientsDate);
  });

  it('makes organizations, devices and device events', async () => {
    const organization = await mock.seed.organization({ name: 'Klinik Test' });
    const patient = await mock.seed.patient({ organization: organization.id });
    const device = await mock.seed.device({ organization: organization.id, patient: patient.id, alarmEnable: 1 });
    const unassigned = await mock.seed.device({ organization: organization.id });
    const event = await mock.seed.deviceEvent({ deviceId: device.id, type: 'state', payload: { online: false } });
    expect(device).toMatchObject({ status: 'active', patient: patient.id, alarmEnable: 1 });
    expect(unassigned).toMatchObject({ status: 'unassigned', patient: null });
    expect(mock.db.deviceEvents.group('device', device.id)).toEqual([event]);
  });

  it('gives a seeded device event to the patient who has the device, and not to another patient', async () => {
    const patient = mock.as('patient');
    const device = await mock.seed.device({ patient: patient.credential.userId });
    const event = await mock.seed.deviceEvent({ deviceId: device.id, type: 'state', payload: { online: true } });
    expect(event.assignee).toBe(patient.credential.userId);
    const seen = await patient.client.devices.events(device.id);
    expect(seen.map((each) => each.id)).toEqual([event.id]);
    await expect(mock.as('onlyself').client.devices.events(device.id)).rejects.toMatchObject({ status: 403 });
  });

  it('gives a seeded user a credential that works with as()', async () => {
    const admin = await mock.seed.user({ role: 'admin', name: 'Ada Admin' });
    const credential = await mock.seed.credential(admin);
    expect(credential).toMatchObject({ userId: admin.id, role: 'admin', organizationId: sonnen });
    const organization = await mock.as(credential).client.organizations.get(sonnen);
    expect(organization.id).toBe(sonnen);
    expect(mock.db.users.get(admin.id)?.accountId).toBe(credential.accountId);
  });

  it('says which factory and field are wrong', async () => {
    await expect(mock.seed.patient({ organization: 'not-an-id' })).rejects.toThrow(/mock\.seed\.patient: the record does not fit the model: organization: /);
    await expect(mock.seed.medication({ name: 42 as never })).rejects.toThrow(/mock\.seed\.medication: the record does not fit the model: name: .*string/);
    await expect(mock.seed.calendarEntry({ patient: '64d0ffffffffffffffffffff' })).rejects.toThrow(/patient 64d0ffffffffffffffffffff does not exist/);
  });

  it('refuses unknown fields, in the types and at run time, naming them', async () => {
    const before = mock.db.users.size;
    // @ts-expect-error a typo of `name`
    await expect(mock.seed.patient({ nmae: 'Paula' })).rejects.toThrow(/mock\.seed\.patient: unknown field "nmae"; the fields are .*\bname\b/);
    const untyped: Record<string, unknown> = { name: 'Paula', colour: 'red', size: 3 };
    await expect(mock.seed.device(untyped)).rejects.toThrow(/mock\.seed\.device: unknown fields "colour", "size"/);
    expect(mock.db.users.size).toBe(before);
  });
});

describe('seed factories on an empty database', () => {
  it('makes the organization and patient that missing references default to', async () => {
    const mock = setupMockApi({ seed: 'empty' });
    await mock.init();
    const entry = await mock.seed.calendarEntry();
    expect(mock.db.organizations.size).toBe(1);
    expect(mock.db.users.get(entry.patient)).toMatchObject({ role: 'patient', organization: entry.organization });
    const second = await mock.seed.calendarEntry();
    expect(second.patient).toBe(entry.patient);
  });
});
