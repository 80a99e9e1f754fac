import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expansionCost, expansionSteps, parseRecurrenceRule, RuleError } from '@medsched/sdk/recurrence';
import { newObjectId } from '../src/index.js';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { raw, snapshot, startTestServer, withKey } from './support/server.js';
import type { Problem, BakeResult } from '@medsched/sdk';

/**
 * Fairness under expensive bakes (issue 33): an oversized bake is refused from an estimate before
 * any expansion (and without waiting for the patient's lock), and a long plan lets other requests
 * through, also while it expands one patient's many series. Ordering and counts, never timings.
 */

let server: RunningServer;
const budget = 500_000;
beforeAll(async () => {
  server = await startTestServer({ limits: { bakeExpansionDays: budget } });
});
afterAll(() => server.close());

/** A patient of org1 with `count` series that never occur in 2026 (29 February), each examining 366 days a year. */
async function patientWithRareSeries(count: number): Promise<string> {
  const { db } = server.reference;
  const stamps = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
  const patient = newObjectId();
  await db.users.create({
    id: patient,
    organization: org1.id,
    name: `Rare ${count}`,
    email: null,
    role: 'patient',
    category: 'patient',
    timezone: 'UTC',
    meta: {},
    apps: {},
    accountId: null,
    ...stamps,
  });
  for (let i = 0; i < count; i++) {
    await db.calendarEntries.create({
      id: newObjectId(),
      patient,
      organization: org1.id,
      baked: false,
      seriesId: null,
      name: 'Leap day',
      date: '2024-02-29',
      intakeTime: '08:00',
      rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      ...stamps,
    });
  }
  return patient;
}

const staff = withKey(org1.user.apiKey);
const bakeOf = (patient: string, from: string, to: string) => raw(server, 'POST', '/v1/calendars/bake', { headers: staff, json: { patient, from, to } });

describe('an expensive bake', () => {
  it('over the work bound is refused from its estimate, before any work: it does not even wait for a bake of the same patient', async () => {
    const patient = await patientWithRareSeries(1_000);
    const before = snapshot(server);
    const order: string[] = [];
    // 1,000 series × 366 days: within the bound, a long plan that holds the patient's lock.
    const long = bakeOf(patient, '2026-01-01', '2026-12-31').then((answer) => (order.push('long'), answer));
    // Two days across a new year touch two yearly periods: 1,000 × 2 × 366 is over the bound.
    const refused = bakeOf(patient, '2026-12-31', '2027-01-01').then((answer) => (order.push('refused'), answer));
    const [longAnswer, refusedAnswer] = await Promise.all([long, refused]);
    expect(order).toEqual(['refused', 'long']);
    expect(refusedAnswer.status).toBe(400);
    expect((refusedAnswer.body as Problem).detail).toContain('up to 732000 series-days (1000 series over 2 days');
    expect((refusedAnswer.body as Problem).detail).toContain(`at most ${budget}`);
    expect(longAnswer.status, longAnswer.text.slice(0, 300)).toBe(200);
    expect((longAnswer.body as BakeResult).data).toEqual([]);
    expect(snapshot(server)).toBe(before);
  });

  it("lets another tenant's requests through while one patient's series are expanded", async () => {
    const patient = await patientWithRareSeries(1_000);
    let done = false;
    const long = bakeOf(patient, '2026-01-01', '2026-12-31').finally(() => (done = true));
    // One small GET after another until the bake answers: each needs a few turns of the event
    // loop (client and server share this process), which a plan without breaks never gives.
    let answeredDuring = 0;
    while (!done) {
      const answer = await raw(server, 'GET', `/v1/organizations/${org2.id}`, { headers: withKey(org2.admin.apiKey) });
      expect(answer.status).toBe(200);
      if (!done) answeredDuring += 1;
    }
    expect((await long).status).toBe(200);
    expect(answeredDuring).toBeGreaterThanOrEqual(5);
  });
});

const ruleText = fc
  .tuple(
    fc.constantFrom('HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
    fc.option(
      fc.oneof(
        fc.integer({ min: 1, max: 1000 }).map((count) => `COUNT=${count}`),
        fc.constantFrom('UNTIL=20260315', 'UNTIL=20250101', 'UNTIL=20271231T235959Z'),
      ),
      { nil: undefined },
    ),
    fc.option(fc.constantFrom('BYDAY=MO,FR', 'BYMONTHDAY=31', 'BYMONTH=2;BYMONTHDAY=29', 'BYHOUR=8,20', 'BYDAY=-1SU;BYMONTH=3', 'BYSETPOS=-1;BYDAY=MO,TU'), { nil: undefined }),
  )
  .map(([freq, interval, end, by]) => [`FREQ=${freq}`, interval && `INTERVAL=${interval}`, end, by].filter(Boolean).join(';'));

describe('expansionCost', () => {
  it('is never below what the expansion really examines (so the estimate refuses nothing the budget would have allowed to fail later)', () => {
    fc.assert(
      fc.property(ruleText, fc.integer({ min: 0, max: 20 * 365 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: 365 }), (text, startDaysAgo, fromOffset, days) => {
        let parsed;
        try {
          parsed = parseRecurrenceRule(text);
        } catch (error) {
          if (error instanceof RuleError) return;
          throw error;
        }
        const day = (offset: number) => new Date(Date.UTC(2026, 5, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        const [first, from, to] = [day(-startDaysAgo), day(fromOffset), day(fromOffset + days)];
        const budget = { days: Number.MAX_SAFE_INTEGER };
        try {
          const steps = expansionSteps(parsed, first, '08:00', from, to, Number.MAX_SAFE_INTEGER, budget);
          while (!steps.next().done);
        } catch (error) {
          if (error instanceof RuleError) return; // COUNT too far back: refused, not expanded
          throw error;
        }
        expect(Number.MAX_SAFE_INTEGER - budget.days, `${text} from ${first}, ${from}..${to}`).toBeLessThanOrEqual(expansionCost(parsed, first, '08:00', from, to));
      }),
      { numRuns: 500 },
    );
  });
});
