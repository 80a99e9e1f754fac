import { ValidationError, type BakeResult, type UnbakeResult, type Problem } from '@medsched/sdk';
import { describe, expect, it } from 'vitest';
import { org1 } from './support/demo.js';
import { requestWithBody } from './support/http-body.js';
import { raw, snapshot, startTestServer, withKey } from './support/server.js';
import { admin, entry, newPatient, server, staff, useBakeServer } from './support/bake-server.js';

/**
 * The bake/unbake state machine of api-decisions.md ("Calendar entries and baking"), through
 * the SDK against a real HTTP server: its bounds (entries, expansion, ranges, who may ask) and where its parameters come from. Every test works on patients it creates itself (in
 * months no other test touches), so tests do not depend on each other's order.
 */

useBakeServer();

describe('bounded bakes', () => {
  it('a bake over the entry limit is refused before anything changes, saying how many and how to split', async () => {
    const patient = await newPatient();
    for (let series = 0; series < 3; series++) await entry(patient.id, { date: '2026-05-01', intakeTime: '08:00', rrule: 'FREQ=HOURLY' });
    const before = snapshot(server);
    // 3 hourly series over 200 days: 14,400 entries, over the default limit of 10,000.
    const answer = await raw<Problem>(server, 'POST', '/v1/calendars/bake', { headers: withKey(org1.user.apiKey), json: { patient: patient.id, from: '2026-05-01', to: '2026-11-16' } });
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
      const answer = await raw<Problem>(server, method, `/v1/calendars/bake?${wide}`, { headers: withKey(org1.user.apiKey) });
      expect(answer.status, method).toBe(400);
      expect(answer.body.detail).toMatch(/holds \d+ baked calendar entries/);
    }
  });

  it('the work of expanding rarely occurring series is bounded too (400 before anything changes)', async () => {
    const small = await startTestServer({ limits: { bakeExpansionDays: 5_000 } });
    try {
      const key = withKey(org1.user.apiKey);
      const rare = await raw(small, 'POST', '/v1/calendars/', {
        headers: key,
        json: { patient: org1.patient.userId, name: 'Rare', date: '2026-01-01', intakeTime: '08:00', rrule: 'FREQ=HOURLY;BYMONTH=1;BYMONTHDAY=1;BYDAY=MO' },
      });
      expect(rare.status).toBe(201);
      const before = snapshot(small);
      const answer = await raw<Problem>(small, 'POST', '/v1/calendars/bake', { headers: key, json: { patient: org1.patient.userId, from: '2026-01-01', to: '2026-12-31' } });
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
    const answer = await raw<Problem>(server, 'POST', '/v1/calendars/bake', {
      headers: withKey(org1.admin.apiKey),
      json: { organization: org1.id, updateAllPatients: true, from: '2027-02-01', to: '2027-02-07' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(broken.id);
    expect(snapshot(server)).toBe(before);
    await staff.calendars.update(broken.id, { rrule: 'FREQ=DAILY' });
    const baked = await admin.calendars.bake.create({ organization: org1.id, updateAllPatients: true, from: '2027-02-01', to: '2027-02-07' } as never);
    expect(baked.data.filter((item) => item.userId === fine.id)).toHaveLength(8);
  });

  it('a patient asking for another user is refused with 403 before anything about that user is said', async () => {
    const other = await newPatient();
    for (const target of [org1.admin.userId, other.id]) {
      const answer = await raw<Problem>(server, 'GET', `/v1/calendars/bake?patient=${target}&from=2026-03-01&to=2026-03-02`, { headers: withKey(org1.patient.apiKey) });
      expect(answer.status, target).toBe(403);
      expect(answer.body.detail).not.toMatch(/role (admin|patient)/);
    }
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

    const fromBody = await requestWithBody<BakeResult>(server, 'GET', '/v1/calendars/bake', { patient: patient.id, from: '2026-07-01', to: '2026-07-02' }, headers);
    expect(fromBody.status).toBe(200);
    expect(fromBody.body.data.map((item) => item.date)).toEqual(['2026-07-01', '2026-07-02']);
    const queryWins = await requestWithBody<BakeResult>(server, 'GET', `/v1/calendars/bake?from=2026-07-02&to=2026-07-02`, { patient: patient.id, from: '2026-07-01', to: '2026-07-02' }, headers);
    expect(queryWins.status).toBe(200);
    expect(queryWins.body.data.map((item) => item.date)).toEqual(['2026-07-02']);

    const deleted = await requestWithBody<UnbakeResult>(server, 'DELETE', `/v1/calendars/bake?to=2026-07-01`, { patient: patient.id, from: '2026-07-01', to: '2026-07-02' }, headers);
    expect(deleted.status).toBe(200);
    expect(deleted.body.map((item) => [item.date, item.baked])).toEqual([['2026-07-01', false]]);
    const left = await staff.calendars.bake.get({ patient: patient.id, from: '2026-07-01', to: '2026-07-02' });
    expect(left.data.map((item) => item.date)).toEqual(['2026-07-02']);
    const bodyOnly = await requestWithBody(server, 'DELETE', '/v1/calendars/bake', { patient: patient.id, from: '2026-07-02', to: '2026-07-02' }, headers);
    expect(bodyOnly.status).toBe(200);
    expect(bodyOnly.body).toHaveLength(1);
    const badBody = await requestWithBody(server, 'GET', '/v1/calendars/bake', { patient: patient.id, from: '2026-07-03', to: '2026-07-02' }, headers);
    expect(badBody.status).toBe(400);
  });
});
