import { BadRequestError, ConflictError, PermissionDeniedError, ValidationError, type CalendarEntry } from '@medsched/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { requestWithBody } from './support/http-body.js';
import { clientFor, raw, snapshot, startTestServer, withKey } from './support/server.js';

/**
 * The bake/unbake state machine of api-decisions.md ("Calendar entries and baking"), through
 * the SDK against a real HTTP server. Every test works on patients it creates itself (in
 * months no other test touches), so tests do not depend on each other's order.
 */

let server: RunningServer;
let admin: ReturnType<typeof clientFor>;
let staff: ReturnType<typeof clientFor>;
let admin2: ReturnType<typeof clientFor>;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, { apiKey: org1.admin.apiKey });
  staff = clientFor(server, { apiKey: org1.user.apiKey });
  admin2 = clientFor(server, { apiKey: org2.admin.apiKey });
});
afterAll(() => server.close());

let patientCount = 0;
async function newPatient(timezone = 'Europe/Berlin') {
  patientCount += 1;
  return admin.users.create({ organization: org1.id, role: 'patient', name: `Bake patient ${patientCount}`, timezone });
}

async function entry(patient: string, fields: Record<string, unknown>): Promise<CalendarEntry> {
  return staff.calendars.create({ patient, name: 'Entry', ...fields } as never);
}

/** Every entry of a patient, by id (the order of a list is not what is compared). */
async function entriesOf(patient: string): Promise<CalendarEntry[]> {
  const page = await staff.calendars.list({ patient, limit: 1000 });
  expect(page.hasMore).toBe(false);
  return [...page.items].sort((a, b) => a.id.localeCompare(b.id));
}

const byId = (entries: CalendarEntry[]) => new Map(entries.map((item) => [item.id, item]));
const dayOf = (entry: CalendarEntry) => `${entry.date} ${entry.startTime}`;

/** A patient's entries without what differs between two patients with the same plan. */
function shape(entries: CalendarEntry[], seriesNames: Map<string, string>) {
  return entries
    .map((item) => ({ date: item.date, startTime: item.startTime, title: item.title, baked: item.baked, rrule: item.rrule ?? null, series: item.seriesId ? seriesNames.get(String(item.seriesId)) : null }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('one-off entries', () => {
  it('drafts dated in the (inclusive) range flip to baked; the others stay drafts', async () => {
    const patient = await newPatient();
    const before = await entry(patient.id, { date: '2026-02-28', intakeTime: '09:00' });
    const first = await entry(patient.id, { date: '2026-03-01', intakeTime: '09:00' });
    const middle = await entry(patient.id, { date: '2026-03-03', timeCategory: 'evening' });
    const last = await entry(patient.id, { date: '2026-03-05', intakeTime: '23:45' });
    const after = await entry(patient.id, { date: '2026-03-06', intakeTime: '00:15' });
    expect([before, first, middle, last, after].map((item) => item.baked)).toEqual([false, false, false, false, false]);

    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-03-01', to: '2026-03-05' });
    expect(result.data.map((item) => item.id)).toEqual([first.id, middle.id, last.id]);
    expect(result.data.every((item) => item.baked)).toBe(true);

    const stored = byId(await entriesOf(patient.id));
    expect(stored.size).toBe(5);
    expect(stored.get(before.id)!.baked).toBe(false);
    expect(stored.get(first.id)!.baked).toBe(true);
    expect(stored.get(middle.id)!.baked).toBe(true);
    expect(stored.get(last.id)!.baked).toBe(true);
    expect(stored.get(after.id)!.baked).toBe(false);
  });
});

describe('series', () => {
  it('one baked entry per occurrence (seriesId = series, rrule null); the series stays a draft', async () => {
    const patient = await newPatient();
    const daily = await entry(patient.id, { name: 'Daily', date: '2026-03-01', intakeTime: '09:30', rrule: 'FREQ=DAILY', amount: 1, unit: 'tablet' });
    const everyOther = await entry(patient.id, { name: 'Every other day', date: '2026-03-01', timeCategory: 'night', rrule: 'FREQ=DAILY;INTERVAL=2' });
    const startsLater = await entry(patient.id, { name: 'Starts later', date: '2026-03-04', intakeTime: '12:00', rrule: 'RRULE:FREQ=DAILY;COUNT=10' });
    const endsEarly = await entry(patient.id, { name: 'Ends early', date: '2026-02-27', intakeTime: '07:00', rrule: 'FREQ=DAILY;COUNT=4' });

    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-03-02', to: '2026-03-05' });
    const occurrences = (series: CalendarEntry) => result.data.filter((item) => item.seriesId === series.id).map(dayOf);
    expect(occurrences(daily)).toEqual(['2026-03-02 09:30', '2026-03-03 09:30', '2026-03-04 09:30', '2026-03-05 09:30']);
    expect(occurrences(everyOther)).toEqual(['2026-03-03 22:00', '2026-03-05 22:00']);
    expect(occurrences(startsLater)).toEqual(['2026-03-04 12:00', '2026-03-05 12:00']);
    expect(occurrences(endsEarly)).toEqual(['2026-03-02 07:00']);
    expect(result.data).toHaveLength(9);
    for (const item of result.data) {
      expect(item).toMatchObject({ baked: true, rrule: null, userId: patient.id, patient: patient.id });
      expect([daily.id, everyOther.id, startsLater.id, endsEarly.id]).toContain(item.seriesId);
      expect(item.id).not.toBe(item.seriesId);
    }
    const dailyOccurrence = result.data.find((item) => item.seriesId === daily.id)!;
    expect(dailyOccurrence).toMatchObject({ title: 'Daily', amount: 1, unit: 'tablet', endTime: '10:00' });

    const stored = await entriesOf(patient.id);
    expect(stored).toHaveLength(4 + 9);
    for (const series of [daily, everyOther, startsLater, endsEarly]) {
      const kept = stored.find((item) => item.id === series.id)!;
      expect(kept).toMatchObject({ baked: false, seriesId: null, rrule: series.rrule, date: series.date });
    }
  });

  it('an invalid rrule string is refused with 400 naming the part when the entry is written, nothing stored', async () => {
    const patient = await newPatient();
    const cases: Array<[string, string]> = [
      ['every day', 'RFC 5545'],
      ['FREQ=SOMETIMES', 'FREQ'],
      ['INTERVAL=2', 'FREQ'],
      ['FREQ=DAILY;INTERVAL=-1', 'INTERVAL'],
      ['FREQ=DAILY;INTERVAL=0', 'INTERVAL'],
      ['FREQ=MINUTELY', 'FREQ'],
      ['FREQ=WEEKLY;BYDAY=XX', 'BYDAY'],
      ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'BYMONTHDAY'],
      ['FREQ=DAILY;COUNT=5;UNTIL=20261231', 'COUNT'],
      ['DTSTART:20260101T000000Z;FREQ=DAILY', 'RFC 5545'],
      ['FREQ=DAILY;DTSTART=20260101', 'DTSTART'],
    ];
    for (const [rrule, part] of cases) {
      const answer = await raw(server, 'POST', '/v1/calendars/', { headers: withKey(org1.user.apiKey), json: { patient: patient.id, name: 'Entry', date: '2026-03-01', rrule } });
      expect(answer.status, rrule).toBe(400);
      expect(answer.body.code, rrule).toBe('validation_failed');
      expect(answer.body.detail, rrule).toContain(part);
    }
    const good = await entry(patient.id, { date: '2026-03-01', rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' });
    for (const method of ['PATCH', 'POST']) {
      const answer = await raw(server, method, `/v1/calendars/${good.id}`, { headers: withKey(org1.user.apiKey), json: { patient: patient.id, name: 'Entry', rrule: 'FREQ=DAILY;INTERVAL=-1' } });
      expect(answer.status, method).toBe(400);
      expect(answer.body.detail).toContain('INTERVAL');
    }
    expect(await entriesOf(patient.id)).toEqual([good]);
  });

  it('a stored rule that cannot be expanded answers 400 naming the entry, and other bakes go on', async () => {
    const patient = await newPatient();
    const bad = await entry(patient.id, { date: '2026-03-01', rrule: 'FREQ=DAILY' });
    // As if loaded from a data file written before rules were checked.
    const record = server.reference.db.calendarEntries.get(bad.id)!;
    await server.reference.db.calendarEntries.update(record, (draft) => {
      draft.rrule = 'FREQ=DAILY;INTERVAL=-1';
    });
    const answer = await raw(server, 'POST', '/v1/calendars/bake', { headers: withKey(org1.user.apiKey), json: { patient: patient.id, from: '2026-03-01', to: '2026-03-07' } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(bad.id);
    expect(answer.body.detail).not.toMatch(/Error|\n\s+at /);
    const other = await newPatient();
    await entry(other.id, { date: '2026-03-01', rrule: 'FREQ=DAILY' });
    expect((await staff.calendars.bake.create({ patient: other.id, from: '2026-03-01', to: '2026-03-07' })).data).toHaveLength(7);
    // Corrected, the entry bakes again (and stops disturbing the organization-wide bakes below).
    await staff.calendars.update(bad.id, { rrule: 'FREQ=DAILY' } as never);
    expect((await staff.calendars.bake.create({ patient: patient.id, from: '2026-03-01', to: '2026-03-07' })).data).toHaveLength(7);
  });
});

describe('bounded bakes', () => {
  it('a bake over the entry limit is refused before anything changes, saying how many and how to split', async () => {
    const patient = await newPatient();
    for (let series = 0; series < 3; series++) await entry(patient.id, { date: '2026-05-01', intakeTime: '08:00', rrule: 'FREQ=HOURLY' });
    const before = snapshot(server);
    // 3 hourly series over 200 days: 14,400 entries, over the default limit of 10,000.
    const answer = await raw(server, 'POST', '/v1/calendars/bake', { headers: withKey(org1.user.apiKey), json: { patient: patient.id, from: '2026-05-01', to: '2026-11-16' } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('14376');
    expect(answer.body.detail).toContain('10000');
    expect(answer.body.detail).toMatch(/days per request/);
    expect(snapshot(server)).toBe(before);
    // The same range split as advised bakes.
    const part = await staff.calendars.bake.create({ patient: patient.id, from: '2026-05-01', to: '2026-06-30' });
    expect(part.data.length).toBe(3 * 24 * 61 - 3 * 8);
    // Bakes in parts add up: reading or reverting more than one request may carry is refused too.
    await staff.calendars.bake.create({ patient: patient.id, from: '2026-07-01', to: '2026-09-30' });
    const wide = `patient=${patient.id}&from=2026-05-01&to=2026-09-30`;
    for (const method of ['GET', 'DELETE']) {
      const answer = await raw(server, method, `/v1/calendars/bake?${wide}`, { headers: withKey(org1.user.apiKey) });
      expect(answer.status, method).toBe(400);
      expect(answer.body.detail).toMatch(/holds \d+ baked calendar entries/);
    }
  });

  it('the work of expanding rarely occurring series is bounded too (400 before anything changes)', async () => {
    const small = await startTestServer({ limits: { bakeExpansionDays: 5_000 } });
    try {
      const key = withKey(org1.user.apiKey);
      const rare = await raw(small, 'POST', '/v1/calendars/', { headers: key, json: { patient: org1.patient.userId, name: 'Rare', date: '2026-01-01', intakeTime: '08:00', rrule: 'FREQ=HOURLY;BYMONTH=1;BYMONTHDAY=1;BYDAY=MO' } });
      expect(rare.status).toBe(201);
      const before = snapshot(small);
      const answer = await raw(small, 'POST', '/v1/calendars/bake', { headers: key, json: { patient: org1.patient.userId, from: '2026-01-01', to: '2026-12-31' } });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/series-days/);
      expect(snapshot(small)).toBe(before);
    } finally {
      await small.close();
    }
  });

  it('an organization-wide bake is all or nothing', async () => {
    // Patients sort by id, so the fine one (older) is planned before the broken one.
    const fine = await newPatient();
    const brokenPatient = await newPatient();
    await entry(fine.id, { date: '2027-02-01', intakeTime: '08:00', rrule: 'FREQ=DAILY' });
    await entry(fine.id, { date: '2027-02-02', intakeTime: '09:00' });
    const broken = await entry(brokenPatient.id, { date: '2027-02-01', intakeTime: '08:00', rrule: 'FREQ=DAILY' });
    await server.reference.db.calendarEntries.update(server.reference.db.calendarEntries.get(broken.id)!, (draft) => {
      draft.rrule = 'FREQ=DAILY;BYDAY=XX';
    });
    const before = snapshot(server);
    const answer = await raw(server, 'POST', '/v1/calendars/bake', { headers: withKey(org1.admin.apiKey), json: { organization: org1.id, updateAllPatients: true, from: '2027-02-01', to: '2027-02-07' } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(broken.id);
    expect(snapshot(server)).toBe(before);
    await staff.calendars.update(broken.id, { rrule: 'FREQ=DAILY' } as never);
    const baked = await admin.calendars.bake.create({ organization: org1.id, updateAllPatients: true, from: '2027-02-01', to: '2027-02-07' } as never);
    expect(baked.data.filter((item) => item.userId === fine.id)).toHaveLength(8);
  });

  it('a patient asking for another user is refused with 403 before anything about that user is said', async () => {
    const other = await newPatient();
    for (const target of [org1.admin.userId, other.id]) {
      const answer = await raw(server, 'GET', `/v1/calendars/bake?patient=${target}&from=2026-03-01&to=2026-03-02`, { headers: withKey(org1.patient.apiKey) });
      expect(answer.status, target).toBe(403);
      expect(answer.body.detail).not.toMatch(/role (admin|patient)/);
    }
  });
});

describe('idempotence and concurrency', () => {
  it('baking the same range twice changes nothing (same ids, no duplicates)', async () => {
    const patient = await newPatient();
    await entry(patient.id, { date: '2026-04-02', intakeTime: '08:00' });
    await entry(patient.id, { date: '2026-04-01', intakeTime: '20:00', rrule: 'FREQ=DAILY' });
    const range = { patient: patient.id, from: '2026-04-01', to: '2026-04-07' };
    const first = await staff.calendars.bake.create(range);
    const afterFirst = await entriesOf(patient.id);
    const second = await staff.calendars.bake.create(range);
    expect(second.data).toEqual(first.data);
    expect(await entriesOf(patient.id)).toEqual(afterFirst);
    expect(afterFirst).toHaveLength(2 + 7);
    // An overlapping range adds only what is missing.
    const wider = await staff.calendars.bake.create({ ...range, from: '2026-04-05', to: '2026-04-09' });
    expect(wider.data.map(dayOf)).toEqual(['2026-04-05 20:00', '2026-04-06 20:00', '2026-04-07 20:00', '2026-04-08 20:00', '2026-04-09 20:00']);
    const ids = new Set(first.data.map((item) => item.id));
    expect(wider.data.filter((item) => item.date <= '2026-04-07').every((item) => ids.has(item.id))).toBe(true);
    expect(await entriesOf(patient.id)).toHaveLength(2 + 9);
  });

  it('concurrent overlapping bakes end in the same state as sequential ones', async () => {
    const plan = async () => {
      const patient = await newPatient();
      const daily = await entry(patient.id, { name: 'Daily', date: '2026-04-10', intakeTime: '08:00', rrule: 'FREQ=DAILY' });
      const twice = await entry(patient.id, { name: 'Twice weekly', date: '2026-04-10', intakeTime: '18:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,FR' });
      await entry(patient.id, { name: 'Once', date: '2026-04-14', intakeTime: '12:00' });
      return { patient, seriesNames: new Map([[daily.id, 'Daily'], [twice.id, 'Twice weekly']]) };
    };
    const ranges = [
      ['2026-04-10', '2026-04-16'],
      ['2026-04-13', '2026-04-20'],
      ['2026-04-10', '2026-04-20'],
      ['2026-04-15', '2026-04-15'],
      ['2026-04-12', '2026-04-18'],
    ] as const;

    const concurrent = await plan();
    await Promise.all(ranges.map(([from, to]) => staff.calendars.bake.create({ patient: concurrent.patient.id, from, to })));
    const sequential = await plan();
    for (const [from, to] of ranges) await staff.calendars.bake.create({ patient: sequential.patient.id, from, to });

    const concurrentEntries = await entriesOf(concurrent.patient.id);
    // 11 days of Daily, Mon/Fri of Twice weekly in 10–20 April (10, 13, 17, 20), the one-off, two series.
    expect(concurrentEntries).toHaveLength(11 + 4 + 1 + 2);
    const occurrenceKeys = concurrentEntries.filter((item) => item.seriesId).map((item) => `${item.seriesId} ${dayOf(item)}`);
    expect(new Set(occurrenceKeys).size).toBe(occurrenceKeys.length);
    expect(shape(concurrentEntries, concurrent.seriesNames)).toEqual(shape(await entriesOf(sequential.patient.id), sequential.seriesNames));
  });
});

describe('unbake', () => {
  it('restores exactly the state before the bake and returns the reverted entries as drafts', async () => {
    const patient = await newPatient();
    await entry(patient.id, { date: '2026-05-03', intakeTime: '08:00', extra: { colour: 'red' } });
    await entry(patient.id, { date: '2026-05-04', timeCategory: 'noon' });
    await entry(patient.id, { date: '2026-05-09', intakeTime: '08:00' });
    const series = await entry(patient.id, { date: '2026-05-02', intakeTime: '07:15', rrule: 'FREQ=DAILY' });
    const before = await entriesOf(patient.id);

    const range = { patient: patient.id, from: '2026-05-01', to: '2026-05-05' };
    const baked = await staff.calendars.bake.create(range);
    expect(baked.data).toHaveLength(2 + 4);
    const reverted = await staff.calendars.bake.delete(range);
    expect(reverted.map((item) => item.id).sort()).toEqual(baked.data.map((item) => item.id).sort());
    expect(reverted.every((item) => item.baked === false)).toBe(true);
    expect(reverted.map(dayOf)).toEqual([...reverted.map(dayOf)].sort());
    expect(reverted.filter((item) => item.seriesId === series.id)).toHaveLength(4);

    // Everything as before the bake, except that each entry the bake and unbake changed says when
    // (issue 40: a mirror reading changes by updatedAt must see the entry went back to draft).
    const withoutUpdatedAt = (entries: Awaited<ReturnType<typeof entriesOf>>) => entries.map(({ updatedAt: _updatedAt, ...rest }) => rest);
    const after = await entriesOf(patient.id);
    expect(withoutUpdatedAt(after)).toEqual(withoutUpdatedAt(before));
    // (That it moves is updated-at.test.ts's, with an injected clock; here: never backwards.)
    after.forEach((item, index) => expect(Date.parse(item.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(before[index]!.updatedAt!)));
    expect((await staff.calendars.bake.get(range)).data).toEqual([]);
    // Unbaking again finds nothing to revert, and changes nothing (not even updatedAt).
    expect(await staff.calendars.bake.delete(range)).toEqual([]);
    expect(await entriesOf(patient.id)).toEqual(after);
  });

  it('reverts only its range; baking again afterwards works', async () => {
    const patient = await newPatient();
    await entry(patient.id, { date: '2026-05-11', intakeTime: '08:00', rrule: 'FREQ=DAILY' });
    await entry(patient.id, { date: '2026-05-12', intakeTime: '10:00' });
    await entry(patient.id, { date: '2026-05-14', intakeTime: '10:00' });
    const week = { patient: patient.id, from: '2026-05-11', to: '2026-05-17' };
    const baked = await staff.calendars.bake.create(week);
    expect(baked.data).toHaveLength(7 + 2);

    const reverted = await staff.calendars.bake.delete({ patient: patient.id, from: '2026-05-12', to: '2026-05-13' });
    expect(reverted.map(dayOf)).toEqual(['2026-05-12 08:00', '2026-05-12 10:00', '2026-05-13 08:00']);
    const left = await staff.calendars.bake.get(week);
    expect(left.data.map(dayOf)).toEqual(['2026-05-11 08:00', '2026-05-14 08:00', '2026-05-14 10:00', '2026-05-15 08:00', '2026-05-16 08:00', '2026-05-17 08:00']);
    const rebaked = await staff.calendars.bake.create(week);
    expect(rebaked.data.map(dayOf)).toEqual(baked.data.map(dayOf));
    expect(await entriesOf(patient.id)).toHaveLength(1 + 2 + 7);
  });
});

describe('reading and final entries', () => {
  it('GET /calendars/bake reads the schedule and changes nothing', async () => {
    const patient = await newPatient();
    await entry(patient.id, { date: '2026-06-01', intakeTime: '08:00' });
    await entry(patient.id, { date: '2026-06-01', intakeTime: '21:00', rrule: 'FREQ=DAILY' });
    const range = { patient: patient.id, from: '2026-06-01', to: '2026-06-03' };
    expect((await staff.calendars.bake.get(range)).data).toEqual([]);
    const baked = await staff.calendars.bake.create(range);
    const before = snapshot(server);
    const read = await staff.calendars.bake.get(range);
    expect(read.data).toEqual(baked.data);
    expect(read.iotDevices).toEqual(baked.iotDevices);
    await staff.calendars.bake.get({ ...range, to: '2026-06-30' });
    expect(snapshot(server)).toBe(before);
  });

  it('a baked entry (one-off or occurrence) refuses PATCH and POST with 409 until it is unbaked', async () => {
    const patient = await newPatient();
    const oneOff = await entry(patient.id, { date: '2026-06-10', intakeTime: '08:00' });
    await entry(patient.id, { date: '2026-06-10', intakeTime: '12:00', rrule: 'FREQ=DAILY' });
    const range = { patient: patient.id, from: '2026-06-10', to: '2026-06-10' };
    const baked = await staff.calendars.bake.create(range);
    const occurrence = baked.data.find((item) => item.seriesId !== null)!;
    expect(occurrence).toBeDefined();
    for (const id of [oneOff.id, occurrence.id]) {
      await expect(staff.calendars.update(id, { name: 'Changed' })).rejects.toBeInstanceOf(ConflictError);
      await expect(staff.calendars.replace(id, { name: 'Replaced' } as never)).rejects.toMatchObject({ status: 409 });
      await expect(admin.calendars.update(id, { baked: false } as never, { validateRequest: false })).rejects.toBeInstanceOf(ConflictError);
    }
    expect((await staff.calendars.bake.get(range)).data).toEqual(baked.data);

    await staff.calendars.bake.delete(range);
    expect(await staff.calendars.update(oneOff.id, { name: 'Changed' })).toMatchObject({ title: 'Changed', baked: false });
    expect(await staff.calendars.replace(oneOff.id, { name: 'Replaced', intakeTime: '09:00' } as never)).toMatchObject({ title: 'Replaced', startTime: '09:00' });
    await expect(staff.calendars.get(occurrence.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('time zones', () => {
  it('a daily 08:00 series stays at 08:00 across the daylight-saving change; alarms per alarm device', async () => {
    const patient = await newPatient('Europe/Berlin');
    expect(patient.timezone).toBe('Europe/Berlin');
    const alarmDevice = await staff.devices.update(org1.spareDevice, { patient: patient.id, alarmEnable: 1 });
    const silentDevice = await staff.devices.update(org1.spareDevice.replace(/5$/, '6'), { patient: patient.id, alarmEnable: 0 });
    expect(alarmDevice.id).not.toBe(silentDevice.id);
    const series = await entry(patient.id, { name: 'Daily 8', date: '2026-10-20', intakeTime: '08:00', rrule: 'FREQ=DAILY' });

    const before = Date.now();
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-10-24', to: '2026-10-26' });
    expect(result.data.map(dayOf)).toEqual(['2026-10-24 08:00', '2026-10-25 08:00', '2026-10-26 08:00']);
    expect(result.data.every((item) => item.seriesId === series.id)).toBe(true);
    expect(result.allAlarms).toEqual([[480], [480], [480]]);
    expect(result.iotDevices.map((device) => device.id).sort()).toEqual([alarmDevice.id, silentDevice.id].sort());
    expect(result.alarms).toEqual(
      result.data.map((item) => ({ deviceId: alarmDevice.id, patient: patient.id, date: item.date, time: '08:00', entryIds: [item.id] })),
    );
    expect(result.dateNow).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Date.parse(result.dateNow)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(result.dateNow)).toBeLessThanOrEqual(Date.now() + 1000);

    // Without an alarm-enabled device there are no alarms, and allAlarms has an empty day each.
    await staff.devices.update(alarmDevice.id, { alarmEnable: 0 });
    const quiet = await staff.calendars.bake.get({ patient: patient.id, from: '2026-10-24', to: '2026-10-26' });
    expect(quiet.alarms).toEqual([]);
    expect(quiet.allAlarms).toEqual([[], [], []]);
    await staff.devices.update(alarmDevice.id, { patient: null });
    await staff.devices.update(silentDevice.id, { patient: null });
  });

  it('date-time bounds are read as dates in the patient zone', async () => {
    const patient = await newPatient('Europe/Berlin');
    for (const date of ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']) await entry(patient.id, { date, intakeTime: '08:00' });
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Berlin; 22:59 UTC on the 24th is 23:59 there.
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-11-22T23:30:00Z', to: '2026-11-24T22:59:00Z' });
    expect(result.data.map((item) => item.date)).toEqual(['2026-11-23', '2026-11-24']);
    expect(result.allAlarms).toHaveLength(2);
    const offset = await staff.calendars.bake.get({ patient: patient.id, from: '2026-11-22T00:30:00+01:00', to: '2026-11-25T01:00:00+02:00' });
    expect(offset.data.map((item) => item.date)).toEqual(['2026-11-23', '2026-11-24']);

    const newYork = await newPatient('America/New_York');
    await entry(newYork.id, { date: '2026-11-22', intakeTime: '08:00' });
    await entry(newYork.id, { date: '2026-11-23', intakeTime: '08:00' });
    // 03:00 UTC on the 23rd is still the 22nd in New York.
    const west = await staff.calendars.bake.create({ patient: newYork.id, from: '2026-11-23T03:00:00Z', to: '2026-11-23T03:00:00Z' });
    expect(west.data.map((item) => item.date)).toEqual(['2026-11-22']);
  });
});

describe('ranges', () => {
  const post = (json: unknown) => raw(server, 'POST', '/v1/calendars/bake', { json, headers: withKey(org1.user.apiKey) });

  it('from after to and ranges over 366 days are 400; 366 days are fine', async () => {
    const patient = await newPatient();
    expect((await post({ patient: patient.id, from: '2026-03-05', to: '2026-03-04' })).status).toBe(400);
    expect((await post({ patient: patient.id, from: '2026-03-05T10:00:00Z', to: '2026-03-05T09:00:00Z' })).status).toBe(400);
    // Only in the patient's zone is this out of order: from is 2026-03-02 in Berlin.
    const zoned = await post({ patient: patient.id, from: '2026-03-01T23:30:00Z', to: '2026-03-01' });
    expect(zoned.status).toBe(400);
    expect(zoned.body).toMatchObject({ code: 'validation_failed' });
    expect((await post({ patient: patient.id, from: '2026-01-01', to: '2027-01-02' })).status).toBe(400);
    expect((await post({ patient: patient.id, from: '2026-01-01', to: '2027-01-01' })).status).toBe(200);
    const get = await raw(server, 'GET', `/v1/calendars/bake?patient=${patient.id}&from=2026-01-01&to=2027-01-02`, { headers: withKey(org1.user.apiKey) });
    expect(get.status).toBe(400);
    const del = await raw(server, 'DELETE', `/v1/calendars/bake?patient=${patient.id}&from=2026-03-02&to=2026-03-01`, { headers: withKey(org1.user.apiKey) });
    expect(del.status).toBe(400);
    await expect(staff.calendars.bake.create({ patient: patient.id, from: '2026-03-05', to: '2026-03-04' })).rejects.toBeInstanceOf(ValidationError);
    await expect(staff.calendars.bake.delete({ patient: patient.id, from: '2026-01-01', to: '2027-01-01' })).resolves.toEqual([]);
  });

  it('GET and DELETE take their parameters from the query or a JSON body; the query wins', async () => {
    const patient = await newPatient();
    await entry(patient.id, { date: '2026-07-01', intakeTime: '08:00' });
    await entry(patient.id, { date: '2026-07-02', intakeTime: '08:00' });
    await staff.calendars.bake.create({ patient: patient.id, from: '2026-07-01', to: '2026-07-02' });
    const headers = withKey(org1.user.apiKey);

    const fromBody = await requestWithBody(server, 'GET', '/v1/calendars/bake', { patient: patient.id, from: '2026-07-01', to: '2026-07-02' }, headers);
    expect(fromBody.status).toBe(200);
    expect(fromBody.body.data.map((item: CalendarEntry) => item.date)).toEqual(['2026-07-01', '2026-07-02']);
    const queryWins = await requestWithBody(server, 'GET', `/v1/calendars/bake?from=2026-07-02&to=2026-07-02`, { patient: patient.id, from: '2026-07-01', to: '2026-07-02' }, headers);
    expect(queryWins.status).toBe(200);
    expect(queryWins.body.data.map((item: CalendarEntry) => item.date)).toEqual(['2026-07-02']);

    const deleted = await requestWithBody(server, 'DELETE', `/v1/calendars/bake?to=2026-07-01`, { patient: patient.id, from: '2026-07-01', to: '2026-07-02' }, headers);
    expect(deleted.status).toBe(200);
    expect(deleted.body.map((item: CalendarEntry) => [item.date, item.baked])).toEqual([['2026-07-01', false]]);
    const left = await staff.calendars.bake.get({ patient: patient.id, from: '2026-07-01', to: '2026-07-02' });
    expect(left.data.map((item) => item.date)).toEqual(['2026-07-02']);
    const bodyOnly = await requestWithBody(server, 'DELETE', '/v1/calendars/bake', { patient: patient.id, from: '2026-07-02', to: '2026-07-02' }, headers);
    expect(bodyOnly.status).toBe(200);
    expect(bodyOnly.body).toHaveLength(1);
    const badBody = await requestWithBody(server, 'GET', '/v1/calendars/bake', { patient: patient.id, from: '2026-07-03', to: '2026-07-02' }, headers);
    expect(badBody.status).toBe(400);
  });
});

describe('the bake result', () => {
  it('data sorted by date then startTime, only baked entries in range', async () => {
    const patient = await newPatient();
    await entry(patient.id, { name: 'late', date: '2026-08-02', intakeTime: '21:00' });
    await entry(patient.id, { name: 'night', date: '2026-08-01', timeCategory: 'night' });
    await entry(patient.id, { name: 'early', date: '2026-08-02', intakeTime: '06:30' });
    await entry(patient.id, { name: 'noon', date: '2026-08-01', timeCategory: 'noon' });
    await entry(patient.id, { name: 'series', date: '2026-08-01', intakeTime: '13:00', rrule: 'FREQ=DAILY' });
    await entry(patient.id, { name: 'outside', date: '2026-08-04', intakeTime: '01:00' });
    const device = await staff.devices.update(org1.spareDevice, { patient: patient.id, alarmEnable: 1 });
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-08-01', to: '2026-08-03' });
    expect(result.data.map((item) => `${dayOf(item)} ${item.title}`)).toEqual([
      '2026-08-01 12:00 noon',
      '2026-08-01 13:00 series',
      '2026-08-01 22:00 night',
      '2026-08-02 06:30 early',
      '2026-08-02 13:00 series',
      '2026-08-02 21:00 late',
      '2026-08-03 13:00 series',
    ]);
    expect(result.iotDevices.map((item) => item.id)).toEqual([device.id]);
    expect(result.allAlarms).toEqual([[720, 780, 1320], [390, 780, 1260], [780]]);
    expect(result.alarms.map((alarm) => `${alarm.date} ${alarm.time}`)).toEqual(result.data.map(dayOf));
    for (const alarm of result.alarms) {
      expect(Object.keys(alarm).sort()).toEqual(['date', 'deviceId', 'entryIds', 'patient', 'time']);
      expect(alarm).toMatchObject({ deviceId: device.id, patient: patient.id });
    }
    await staff.devices.update(device.id, { patient: null });
  });

  it('entries due at the same time share one alarm', async () => {
    const patient = await newPatient();
    const a = await entry(patient.id, { date: '2026-08-10', intakeTime: '08:00' });
    const b = await entry(patient.id, { date: '2026-08-10', timeCategory: 'morning' });
    const device = await staff.devices.update(org1.spareDevice, { patient: patient.id, alarmEnable: 1 });
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-08-10', to: '2026-08-11' });
    expect(result.alarms).toHaveLength(1);
    expect(result.alarms[0]!.entryIds.sort()).toEqual([a.id, b.id].sort());
    expect(result.allAlarms).toEqual([[480], []]);
    await staff.devices.update(device.id, { patient: null });
  });
});

describe('organization-wide bakes and permissions', () => {
  const demoPatients1 = [org1.patient.userId, org1.patient2.userId, org1.onlyself.userId];
  const entriesOfOrganization = (organization: string) =>
    JSON.stringify(server.reference.db.calendarEntries.all().filter((item) => item.organization === organization).sort((a, b) => a.id.localeCompare(b.id)));

  it('organization + updateAllPatients bakes every patient of that organization and nothing of the other', async () => {
    const org2Before = entriesOfOrganization(org2.id);
    const result = await admin.calendars.bake.create({ organization: org1.id, updateAllPatients: true, from: '2026-01-05', to: '2026-01-06' });
    const org1Patients = (await admin.users.list({ organization: org1.id, limit: 1000 })).items.filter((user) => user.role === 'patient' || user.role === 'onlyself');
    const patientIds = new Set(org1Patients.map((user) => user.id));
    expect(new Set(result.data.map((item) => item.userId)).size).toBeGreaterThanOrEqual(4);
    for (const item of result.data) expect(patientIds.has(item.userId)).toBe(true);
    // Each demo patient: two one-offs and a daily series from the 5th: 4 baked entries.
    for (const id of demoPatients1) {
      const own = result.data.filter((item) => item.userId === id);
      expect(own.map(dayOf), id).toEqual(['2026-01-05 08:00', '2026-01-05 08:00', '2026-01-06 08:00', '2026-01-06 18:00']);
      expect((await staff.calendars.bake.get({ patient: id, from: '2026-01-05', to: '2026-01-06' })).data).toEqual(own);
    }
    expect(result.iotDevices.map((device) => device.id)).toEqual(expect.arrayContaining([org1.deviceOf.patient, org1.deviceOf.patient2, org1.deviceOf.onlyself]));
    expect(result.iotDevices.every((device) => device.organization === org1.id)).toBe(true);
    expect(entriesOfOrganization(org2.id)).toBe(org2Before);
    expect((await admin2.calendars.bake.get({ patient: org2.patient.userId, from: '2026-01-05', to: '2026-01-06' })).data).toEqual([]);

    // Again: nothing changes.
    const org1After = entriesOfOrganization(org1.id);
    await staff.calendars.bake.create({ organization: org1.id, updateAllPatients: true, from: '2026-01-05', to: '2026-01-06' });
    expect(entriesOfOrganization(org1.id)).toBe(org1After);
  });

  it("updateAllPatients alone bakes the caller's organization only", async () => {
    const org1Before = entriesOfOrganization(org1.id);
    const result = await admin2.calendars.bake.create({ updateAllPatients: true, from: '2026-01-07', to: '2026-01-07' });
    const patients = new Set(result.data.map((item) => item.userId));
    expect(patients).toContain(org2.patient.userId);
    expect(patients.size).toBe(4);
    expect(result.data.every((item) => item.organization === org2.id && item.baked)).toBe(true);
    expect(result.data).toHaveLength(4);
    expect(entriesOfOrganization(org1.id)).toBe(org1Before);
  });

  it("another organization's patient or organization: 403, nothing baked", async () => {
    const before = snapshot(server);
    await expect(staff.calendars.bake.create({ patient: org2.patient.userId, from: '2026-01-08', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.calendars.bake.create({ organization: org2.id, updateAllPatients: true, from: '2026-01-08', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.calendars.bake.get({ patient: org2.patient.userId, from: '2026-01-08', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.calendars.bake.delete({ patient: org2.patient.userId, from: '2026-01-05', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(snapshot(server)).toBe(before);
  });

  it('patient with updateAllPatients, or no target: 400', async () => {
    const headers = withKey(org1.user.apiKey);
    const both = await raw(server, 'POST', '/v1/calendars/bake', { json: { patient: org1.patient.userId, updateAllPatients: true, from: '2026-01-08', to: '2026-01-09' }, headers });
    expect(both.status).toBe(400);
    const none = await raw(server, 'POST', '/v1/calendars/bake', { json: { from: '2026-01-08', to: '2026-01-09' }, headers });
    expect(none.status).toBe(400);
    await expect(staff.calendars.bake.create({ patient: org1.patient.userId, updateAllPatients: true, from: '2026-01-08', to: '2026-01-09' } as never)).rejects.toBeInstanceOf(ValidationError);
  });

  it('a patient may read its own bake, not bake or unbake, nor read another patient', async () => {
    const patient = clientFor(server, { apiKey: org1.patient.apiKey });
    const own = await patient.calendars.bake.get({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' });
    expect(own.data).toHaveLength(4);
    await expect(patient.calendars.bake.get({ patient: org1.patient2.userId, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.calendars.bake.create({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.calendars.bake.delete({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.calendars.bake.create({ updateAllPatients: true, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect((await patient.calendars.bake.get({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' })).data).toEqual(own.data);
  });
});
