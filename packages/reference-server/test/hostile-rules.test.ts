import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { raw, startTestServer, withKey } from './support/server.js';
import type { CalendarEntry, Problem, User } from '@medsched/sdk';

/**
 * Generated recurrence rules through real HTTP (issue 9): valid, out-of-range and nonsense parts
 * alike. Whatever the rule, writing it and baking it answer 2xx or a 4xx problem, the bake
 * finishes (vitest's timeout is the bound, not a timing assertion), and another organization is
 * served while it runs.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const staff = withKey(org1.user.apiKey);
const weekday = fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU', 'XX', 'mo');
const number = fc.oneof(fc.integer({ min: -400, max: 400 }), fc.constantFrom(0, 1, 2, 29, 30, 31, 53, 366, 1_000_000));
const list = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: 1, maxLength: 4 }).map((items) => items.join(','));
const part = fc.oneof(
  fc.constantFrom('SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'NEVER').map((value) => `FREQ=${value}`),
  number.map((value) => `INTERVAL=${value}`),
  number.map((value) => `COUNT=${value}`),
  fc.constantFrom('20261231', '20260230', '20261231T235959Z', '1900', 'tomorrow').map((value) => `UNTIL=${value}`),
  list(number).map((value) => `BYHOUR=${value}`),
  list(number).map((value) => `BYMINUTE=${value}`),
  list(number).map((value) => `BYSECOND=${value}`),
  list(number).map((value) => `BYMONTH=${value}`),
  list(number).map((value) => `BYMONTHDAY=${value}`),
  list(number).map((value) => `BYYEARDAY=${value}`),
  list(number).map((value) => `BYWEEKNO=${value}`),
  list(number).map((value) => `BYSETPOS=${value}`),
  list(fc.tuple(fc.constantFrom('', '1', '-1', '5', '-5', '53', '0'), weekday).map(([n, day]) => n + day)).map((value) => `BYDAY=${value}`),
  weekday.map((value) => `WKST=${value}`),
);
const rule = fc
  .tuple(fc.constantFrom('SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'), fc.array(part, { maxLength: 5 }))
  .map(([freq, parts]) => [`FREQ=${freq}`, ...parts].join(';'));

describe('generated recurrence rules', () => {
  it('are stored or refused with 400, and a stored one always bakes within the limits', async () => {
    const patient = await raw<User>(server, 'POST', '/v1/users/', {
      headers: withKey(org1.admin.apiKey),
      json: { organization: org1.id, role: 'patient', name: 'Rule fuzz', timezone: 'Europe/Berlin' },
    });
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(rule, fc.integer({ min: 0, max: 40 * 365 }), fc.integer({ min: 0, max: 365 }), async (text, startDaysAgo, rangeDays) => {
        const start = new Date(Date.UTC(2026, 5, 1) - startDaysAgo * 86_400_000).toISOString().slice(0, 10);
        const created = await raw(server, 'POST', '/v1/calendars/', { headers: staff, json: { patient: patient.body.id, name: 'Fuzz', date: start, intakeTime: '08:00', rrule: text } });
        expect([201, 400], `${text}: ${created.text}`).toContain(created.status);
        if (created.status === 400) {
          expect((created.body as Problem).code).toBe('validation_failed');
          return;
        }
        stored += 1;
        const to = new Date(Date.UTC(2026, 5, 1) + rangeDays * 86_400_000).toISOString().slice(0, 10);
        const [bake, otherTenant] = await Promise.all([
          raw(server, 'POST', '/v1/calendars/bake', { headers: staff, json: { patient: patient.body.id, from: '2026-06-01', to } }),
          raw(server, 'GET', `/v1/organizations/${org2.id}`, { headers: withKey(org2.admin.apiKey) }),
        ]);
        expect([200, 400], `${text} over 2026-06-01..${to}: ${bake.text.slice(0, 300)}`).toContain(bake.status);
        if (bake.status === 400) expect((bake.body as Problem).detail).toMatch(/would create/);
        expect(otherTenant.status).toBe(200);
        // Each series is undone so the next one starts from a clean patient.
        await raw(server, 'DELETE', `/v1/calendars/bake?patient=${patient.body.id}&from=2026-06-01&to=${to}`, { headers: staff });
        await raw(server, 'PATCH', `/v1/calendars/${(created.body as CalendarEntry).id}`, { headers: staff, json: { rrule: null } });
      }),
      { numRuns: 150 },
    );
    // Most generated rules are nonsense; enough must be valid for the bake side to be exercised.
    expect(stored).toBeGreaterThan(5);
  }, 120_000);
});
