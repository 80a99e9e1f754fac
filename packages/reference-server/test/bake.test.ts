import { ConflictError, type CalendarEntry, type Problem } from '@medsched/sdk';
import { describe, expect, it } from 'vitest';
import { org1 } from './support/demo.js';
import { raw, snapshot, withKey } from './support/server.js';
import { admin, byId, dayOf, entriesOf, entry, newPatient, server, shape, staff, useBakeServer } from './support/bake-server.js';

/**
 * The bake/unbake state machine of api-decisions.md ("Calendar entries and baking"), through
 * the SDK against a real HTTP server: one-off entries, series, idempotence, unbake, reading. Every test works on patients it creates itself (in
 * months no other test touches), so tests do not depend on each other's order.
 */

useBakeServer();

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
      const answer = await raw<Problem>(server, 'POST', '/v1/calendars/', { headers: withKey(org1.user.apiKey), json: { patient: patient.id, name: 'Entry', date: '2026-03-01', rrule } });
      expect(answer.status, rrule).toBe(400);
      expect(answer.body.code, rrule).toBe('validation_failed');
      expect(answer.body.detail, rrule).toContain(part);
    }
    const good = await entry(patient.id, { date: '2026-03-01', rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' });
    for (const method of ['PATCH', 'POST']) {
      const answer = await raw<Problem>(server, method, `/v1/calendars/${good.id}`, {
        headers: withKey(org1.user.apiKey),
        json: { patient: patient.id, name: 'Entry', rrule: 'FREQ=DAILY;INTERVAL=-1' },
      });
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
    const answer = await raw<Problem>(server, 'POST', '/v1/calendars/bake', { headers: withKey(org1.user.apiKey), json: { patient: patient.id, from: '2026-03-01', to: '2026-03-07' } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(bad.id);
    expect(answer.body.detail).not.toMatch(/Error|\n\s+at /);
    const other = await newPatient();
    await entry(other.id, { date: '2026-03-01', rrule: 'FREQ=DAILY' });
    expect((await staff.calendars.bake.create({ patient: other.id, from: '2026-03-01', to: '2026-03-07' })).data).toHaveLength(7);
    // Corrected, the entry bakes again (and stops disturbing the organization-wide bakes below).
    await staff.calendars.update(bad.id, { rrule: 'FREQ=DAILY' });
    expect((await staff.calendars.bake.create({ patient: patient.id, from: '2026-03-01', to: '2026-03-07' })).data).toHaveLength(7);
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
      return {
        patient,
        seriesNames: new Map([
          [daily.id, 'Daily'],
          [twice.id, 'Twice weekly'],
        ]),
      };
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
    expect(reverted.map(dayOf)).toEqual(reverted.map(dayOf).sort());
    expect(reverted.filter((item) => item.seriesId === series.id)).toHaveLength(4);

    // Everything as before the bake, except that each entry the bake and unbake changed says when
    // (issue 40: a mirror reading changes by updatedAt must see the entry went back to draft).
    const withoutUpdatedAt = (entries: Awaited<ReturnType<typeof entriesOf>>) => entries.map(({ updatedAt: _updatedAt, ...rest }) => rest);
    const after = await entriesOf(patient.id);
    expect(withoutUpdatedAt(after)).toEqual(withoutUpdatedAt(before));
    // (That it moves is updated-at.test.ts's, with an injected clock; here: never backwards.)
    after.forEach((item, index) => expect(Date.parse(item.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before[index]!.updatedAt)));
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
      await expect(staff.calendars.replace(id, { name: 'Replaced' })).rejects.toMatchObject({ status: 409 });
      await expect(admin.calendars.update(id, { baked: false } as never, { validateRequest: false })).rejects.toBeInstanceOf(ConflictError);
    }
    expect((await staff.calendars.bake.get(range)).data).toEqual(baked.data);

    await staff.calendars.bake.delete(range);
    expect(await staff.calendars.update(oneOff.id, { name: 'Changed' })).toMatchObject({ title: 'Changed', baked: false });
    expect(await staff.calendars.replace(oneOff.id, { name: 'Replaced', intakeTime: '09:00' })).toMatchObject({ title: 'Replaced', startTime: '09:00' });
    await expect(staff.calendars.get(occurrence.id)).rejects.toMatchObject({ status: 404 });
  });
});
