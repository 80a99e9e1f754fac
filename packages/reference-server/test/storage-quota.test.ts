/**
 * Issue 18, storage quotas per organization, over HTTP against the built `medsched-server`
 * started with small quotas: past a quota a write is refused with 409 and a problem whose
 * `type` names the quota and whose `detail` gives the limit and the flag; nothing of the
 * refused write is stored; reads, unbakes and other organizations keep working. Then junk
 * from generated requests: every answer is 2xx or a 4xx problem, and the quota holds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { org1, org2 } from './support/demo.js';
import { call, largeNotification, originOf, type CallAnswer } from './support/http-call.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { Account, CalendarEntry, Problem } from '@medsched/sdk';

const entryQuota = 30;
let server: ServerProcess;
let origin: string;
beforeAll(async () => {
  server = await startServerBin(['--port', '0', '--quota-entries', String(entryQuota), '--quota-mb', '1']);
  origin = originOf(server.url);
});
afterAll(() => server?.kill());

const admin1 = org1.admin.apiKey;
const totalOf = async (apiKey: string, query = '') => Number((await call(origin, 'GET', `/v1/calendars/?limit=1${query}`, { apiKey })).headers.get('x-total-count'));

function expectQuotaProblem(answer: CallAnswer, code: string, flag: string, limit: number) {
  expect(answer.status, answer.text).toBe(409);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(answer.body).toMatchObject({ status: 409, code, type: `https://docs.medsched.dev/errors/${code}`, limit });
  expect((answer.body as Problem).detail).toContain(code === 'calendar_entry_quota_exceeded' ? String(limit) : '1 MiB');
  expect((answer.body as Problem).detail).toContain(flag);
}

describe('per-organization storage quotas', () => {
  it('calendar entries: the create past the quota is refused whole, a bake that would pass it changes nothing, reads and unbakes still work', async () => {
    const patient = org1.patient.userId;
    // A daily series first, while there is room: baking it would add a week of occurrences.
    const series = await call<CalendarEntry>(origin, 'POST', '/v1/calendars/', { apiKey: admin1, json: { patient, name: 'Daily', date: '2026-03-01', rrule: 'FREQ=DAILY', intakeTime: '08:00' } });
    expect(series.status).toBe(201);
    const smallBake = await call(origin, 'POST', '/v1/calendars/bake', { apiKey: admin1, json: { patient, from: '2026-03-01', to: '2026-03-02' } });
    expect(smallBake.status).toBe(200);

    let refused: CallAnswer | undefined;
    for (let index = 0; index < entryQuota + 5 && !refused; index++) {
      const answer = await call(origin, 'POST', '/v1/calendars/', { apiKey: admin1, json: { patient, name: `Entry ${index}`, date: '2026-04-01' } });
      if (answer.status !== 201) refused = answer;
    }
    expect(refused).toBeDefined();
    expectQuotaProblem(refused!, 'calendar_entry_quota_exceeded', '--quota-entries', entryQuota);
    expect(await totalOf(admin1)).toBe(entryQuota);

    const bigBake = await call(origin, 'POST', '/v1/calendars/bake', { apiKey: admin1, json: { patient, from: '2026-03-03', to: '2026-03-20' } });
    expectQuotaProblem(bigBake, 'calendar_entry_quota_exceeded', '--quota-entries', entryQuota);
    expect(await totalOf(admin1)).toBe(entryQuota);

    // Reads and an unbake still work: the unbake brings the organization back under.
    expect((await call(origin, 'GET', `/v1/calendars/${series.body.id}`, { apiKey: admin1 })).status).toBe(200);
    const unbake = await call(origin, 'DELETE', `/v1/calendars/bake?patient=${patient}&from=2026-03-01&to=2026-03-02`, { apiKey: admin1 });
    expect(unbake.status).toBe(200);
    expect(await totalOf(admin1)).toBeLessThan(entryQuota);
    expect((await call(origin, 'POST', '/v1/calendars/', { apiKey: admin1, json: { patient, name: 'Fits again' } })).status).toBe(201);
    // Another organization has its own quota.
    expect((await call(origin, 'POST', '/v1/calendars/', { apiKey: org2.admin.apiKey, json: { patient: org2.patient.userId, name: 'Unaffected' } })).status).toBe(201);
  }, 60_000);

  it('bytes of JSON: a patient cannot store past the quota; the refused PATCH leaves the stored record as it was', async () => {
    const account = `/v1/accounts/${encodeURIComponent(org1.patient2.accountId)}`;
    const first = largeNotification(600_000);
    expect((await call(origin, 'PATCH', account, { apiKey: org1.patient2.apiKey, json: { notification: first } })).status).toBe(200);
    const second = await call(origin, 'PATCH', account, { apiKey: org1.patient2.apiKey, json: { notification: largeNotification(600_000) } });
    expectQuotaProblem(second, 'storage_quota_exceeded', '--quota-mb', 1024 * 1024);
    const stored = await call(origin, 'GET', `/v1/users/?organization=${org1.id}&limit=1`, { apiKey: admin1 });
    expect(stored.status).toBe(200);
    // A small change still fits; the large settings written first are still there.
    const small = await call<Account>(origin, 'PATCH', account, { apiKey: org1.patient2.apiKey, json: { language: 'de' } });
    expect(small.status).toBe(200);
    expect(small.body.notification).toEqual(first);
    expect(
      (await call(origin, 'PATCH', `/v1/accounts/${encodeURIComponent(org2.patient.accountId)}`, { apiKey: org2.patient.apiKey, json: { notification: largeNotification(600_000) } })).status,
    ).toBe(200);
  }, 60_000);

  it('bytes of JSON: a bake whose occurrences would pass the quota creates nothing; a smaller one fits', async () => {
    const own = await startServerBin(['--port', '0', '--quota-entries', '1000', '--quota-mb', '1']);
    try {
      const at = originOf(own.url);
      const key = org2.admin.apiKey;
      const patient = org2.patient.userId;
      const series = await call(at, 'POST', '/v1/calendars/', {
        apiKey: key,
        json: { patient, name: 'Daily', date: '2026-01-01', rrule: 'FREQ=DAILY', intakeTime: '08:00', instruction: 'i'.repeat(5000) },
      });
      expect(series.status).toBe(201);
      const count = async () => Number((await call(at, 'GET', '/v1/calendars/?limit=1', { apiKey: key })).headers.get('x-total-count'));
      const before = await count();
      // About 200 copies of a 5 KB series: more than 1 MiB.
      const tooMuch = await call(at, 'POST', '/v1/calendars/bake', { apiKey: key, json: { patient, from: '2026-01-01', to: '2026-07-19' } });
      expectQuotaProblem(tooMuch, 'storage_quota_exceeded', '--quota-mb', 1024 * 1024);
      expect(await count()).toBe(before);
      const fits = await call(at, 'POST', '/v1/calendars/bake', { apiKey: key, json: { patient, from: '2026-01-01', to: '2026-02-19' } });
      expect(fits.status).toBe(200);
      expect(await count()).toBeGreaterThanOrEqual(before + 50); // the patient's seeded series are baked too
    } finally {
      own.kill();
    }
  }, 60_000);

  it('generated junk writes from every credential: every answer is 2xx or a 4xx problem, and no organization passes its quota', async () => {
    const keys = [org1.admin.apiKey, org1.patient.apiKey, org2.admin.apiKey, org2.patient.apiKey];
    const paths = ['/v1/calendars/', '/v1/medications/', '/v1/calendars/bake', `/v1/accounts/${encodeURIComponent(org2.patient.accountId)}`, `/v1/organizations/${org2.id}`];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...keys),
        fc.constantFrom('POST', 'PATCH', 'DELETE', 'PUT'),
        fc.constantFrom(...paths),
        fc.oneof(
          fc.json({ maxDepth: 3 }),
          fc.nat({ max: 300_000 }).map((size) => JSON.stringify({ name: 'x', patient: org2.patient.userId, meta: largeNotification(size) })),
        ),
        async (apiKey, method, path, body) => {
          const answer = await call(origin, method, path, { apiKey, body, headers: { 'content-type': 'application/json' } });
          expect(answer.status < 300 || (answer.status >= 400 && answer.status < 500), answer.text).toBe(true);
          if (answer.status >= 400) expect(answer.headers.get('content-type')).toBe('application/problem+json');
        },
      ),
      { numRuns: 60 },
    );
    for (const apiKey of [org1.admin.apiKey, org2.admin.apiKey]) expect(await totalOf(apiKey)).toBeLessThanOrEqual(entryQuota);
    expect((await call(origin, 'GET', `/v1/organizations/${org2.id}`, { apiKey: org2.admin.apiKey })).status).toBe(200);
  }, 120_000);
});
