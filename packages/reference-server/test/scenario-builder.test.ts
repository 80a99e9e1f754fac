import { describe, expect, it } from 'vitest';
import { createDatabase, loadScenario, parseScenario, ScenarioBuilder, ScenarioError } from '../src/index.js';
import { EmailRedactor } from '../src/scenario/email-redactor.js';

const organization = '64d001000000000000000001';
const patient = '64d002000000000000000003';
// An entry as a real service might answer it: only the interface's output fields.
const answered = {
  id: '64d005000000000000000001',
  userId: patient,
  date: '2026-01-05',
  startTime: '08:00',
  endTime: '08:30',
  title: 'Morning tablet',
  description: 'With water',
  baked: true,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
};

describe('ScenarioBuilder', () => {
  it('stores entries in the stored form (derived fields back to input fields), fills in the patient and organization, and the result loads', async () => {
    const builder = new ScenarioBuilder();
    builder.add('organizations.get', { id: organization, name: 'Sonnen', email: 'info@sonnen.example', kind: 'pharmacy' });
    builder.add('calendars.get', answered);
    const scenario = await builder.build();
    expect(scenario.records.calendarEntries).toEqual([
      expect.objectContaining({ id: answered.id, patient, name: 'Morning tablet', instruction: 'With water', intakeTime: '08:00', organization, baked: true, seriesId: null }),
    ]);
    for (const derived of ['userId', 'title', 'description', 'startTime', 'endTime']) expect(scenario.records.calendarEntries![0]).not.toHaveProperty(derived);
    expect(scenario.records.users).toEqual(expect.arrayContaining([expect.objectContaining({ id: patient, role: 'patient', organization })]));
    const db = createDatabase();
    await loadScenario(db, scenario);
    expect(db.calendarEntries.get(answered.id)?.baked).toBe(true);
    expect(db.apiKeys.size).toBe(1);
  });

  it('keeps its replay key across rebuilds (the proxy rewrites the file while recording)', async () => {
    const builder = new ScenarioBuilder();
    builder.add('calendars.get', answered);
    const first = await builder.build();
    builder.add('calendars.list', [{ ...answered, id: '64d005000000000000000002' }]);
    const second = await builder.build();
    expect(second.credentials).toEqual(first.credentials);
    expect(second.records.calendarEntries).toHaveLength(2);
  });

  it('a build before the admin was recorded leaves no replay user behind once the admin is recorded', async () => {
    const builder = new ScenarioBuilder();
    builder.add('organizations.get', { id: organization, name: 'Sonnen', email: 'info@sonnen.example', kind: 'pharmacy' });
    builder.add('calendars.get', answered);
    const early = await builder.build();
    expect(early.records.users?.map((user) => user.name)).toContain('Scenario replay');
    const admin = { id: '64d002000000000000000001', name: 'Anna Admin', email: 'admin@sonnen.example', role: 'admin', organization };
    builder.add('users.list', [admin], { organization });
    const late = await builder.build();
    expect(late.records.users?.map((user) => user.name)).not.toContain('Scenario replay');
    expect(late.credentials).toEqual([expect.objectContaining({ userId: admin.id, role: 'admin' })]);
  });

  it('is bounded: records past maxRecords are counted, not kept', () => {
    const builder = new ScenarioBuilder({}, 2);
    builder.add('calendars.list', [answered, { ...answered, id: '64d005000000000000000002' }, { ...answered, id: '64d005000000000000000003' }]);
    expect(builder.dropped).toBe(1);
  });

  it('redacts e-mail addresses the same way everywhere', async () => {
    const redactor = new EmailRedactor();
    const builder = new ScenarioBuilder({ redactor });
    builder.add('users.list', [{ id: '64d002000000000000000001', name: 'Anna', email: 'Admin@sonnen.example', role: 'admin' }], { organization });
    const scenario = await builder.build();
    expect(scenario.records.users![0]!.email).toBe('person1@redacted.example');
    expect(redactor.text('{"email":"admin@sonnen.example"}')).toBe('{"email":"person1@redacted.example"}');
  });

  it('parseScenario names what is wrong', () => {
    expect(() => parseScenario({ format: 'medsched-scenario/1', records: {}, credentials: [] })).toThrow(ScenarioError);
    expect(() => parseScenario({ format: 'other' })).toThrow(/format/);
  });
});
