/**
 * What the server bakes for a series is what @medsched/sdk/recurrence says it produces: the
 * same dates and wall times, for generated rules (twice-daily BYHOUR, weekly BYDAY, monthly,
 * hourly, INTERVAL, COUNT and UNTIL), starts, ranges and zones, over real HTTP. A client that
 * counts or previews with the SDK counts what the bake writes.
 */
import { seriesIntakes } from '@medsched/sdk/recurrence';
import type { MedschedClient } from '@medsched/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { clientFor, startTestServer } from './support/server.js';

let server: RunningServer;
let admin: MedschedClient;
const patients = new Map<string, string>();
const zones = ['Europe/Berlin', 'America/New_York'] as const;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, { apiKey: org1.admin.apiKey });
  for (const [index, timezone] of zones.entries()) {
    const patient = await admin.users.create({ organization: org1.id, name: `Rule ${index}`, email: `rule${index}@sonnen.example`, role: 'patient', timezone });
    patients.set(timezone, patient.id);
  }
});
afterAll(() => server.close());

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Days around both 2026 changes of both zones (March and October/November). */
const day = fc.integer({ min: 0, max: 300 }).map((offset) => addDays('2026-02-20', offset));
const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const list = (values: number[]) => values.join(',');
const weekdays = fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { minLength: 1 });

/** Rules the server accepts, the kinds care homes write most, with few intakes each (a bake has a limit). */
const rule = fc
  .record({
    shape: fc.oneof(
      fc.record({
        freq: fc.constant('DAILY'),
        byHour: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
        byDay: fc.option(weekdays, { nil: undefined }),
      }),
      fc.record({
        freq: fc.constant('WEEKLY'),
        byHour: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
        byDay: fc.option(weekdays, { nil: undefined }),
      }),
      fc.record({
        freq: fc.constant('MONTHLY'),
        byHour: fc.constant(undefined),
        byDay: fc.constant(undefined),
        byMonthDay: fc.option(
          fc.uniqueArray(
            fc.integer({ min: -3, max: 28 }).filter((n) => n !== 0),
            { minLength: 1, maxLength: 3 },
          ),
          { nil: undefined },
        ),
      }),
      fc.record({ freq: fc.constant('HOURLY'), byHour: fc.constant(undefined), byDay: fc.constant(undefined), interval: fc.integer({ min: 4, max: 12 }) }),
    ),
    interval: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    byMinute: fc.option(fc.uniqueArray(fc.constantFrom(0, 30), { minLength: 1, maxLength: 2 }), { nil: undefined }),
    end: fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: 1, max: 40 }).map((count) => `COUNT=${count}`),
      day.map((date) => `UNTIL=${date.replace(/-/g, '')}`),
    ),
  })
  .map(({ shape, interval, byMinute, end }) => {
    const every = 'interval' in shape ? shape.interval : interval;
    return [
      `FREQ=${shape.freq}`,
      every && `INTERVAL=${every}`,
      shape.byHour && `BYHOUR=${list(shape.byHour)}`,
      byMinute && shape.freq !== 'HOURLY' && `BYMINUTE=${list(byMinute)}`,
      shape.byDay && `BYDAY=${shape.byDay.join(',')}`,
      'byMonthDay' in shape && shape.byMonthDay && `BYMONTHDAY=${list(shape.byMonthDay)}`,
      end,
    ]
      .filter(Boolean)
      .join(';');
  });

/** The (date, time) pairs the server bakes for a series; the range is unbaked and the series parked again afterwards. */
async function baked(patient: string, rrule: string, date: string, intakeTime: string, from: string, to: string): Promise<string[]> {
  const series = await admin.calendars.create({ patient, name: 'Rule', date, rrule, intakeTime, amount: 1, unit: 'tablet' });
  try {
    const result = await admin.calendars.bake.create({ patient, from, to });
    return result.data
      .filter((entry) => entry.seriesId === series.id)
      .map((entry) => `${entry.date} ${entry.intakeTime}`)
      .sort();
  } finally {
    await admin.calendars.bake.delete({ patient, from, to });
    // Calendar entries are not deleted over the API: the series is parked where no range reaches (and costs no expansion).
    await admin.calendars.update(series.id, { rrule: 'FREQ=DAILY;UNTIL=20000101', date: '2000-01-01' });
  }
}

describe('the SDK expansion is what the server bakes', () => {
  it('for generated series, starts, ranges and zones (over real HTTP)', async () => {
    // Ranges from 10 days before the series' start to 60 after, so that most runs compare intakes
    // (a range and a start drawn apart left 60 runs with fewer than 100 intakes about one time in
    // ten); a range before the start, or after a COUNT or UNTIL has ended the series, still comes up.
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(rule, day, clock, fc.integer({ min: -10, max: 60 }), fc.integer({ min: 0, max: 20 }), fc.constantFrom(...zones), async (rrule, start, intakeTime, offset, length, timeZone) => {
        const from = addDays(start, offset);
        const to = addDays(from, length);
        const expected = seriesIntakes({ rrule, date: start, intakeTime }, { from, to, timeZone })
          .map((intake) => `${intake.date} ${intake.time}`)
          .sort();
        expect(await baked(patients.get(timeZone) as string, rrule, start, intakeTime, from, to)).toEqual(expected);
        if (expected.length > 0) compared += 1;
      }),
      { numRuns: 60 },
    );
    // Not a run of empty lists: the generated series do reach their ranges. Of 1,500 sets of 60
    // runs sampled here, the fewest runs with intakes in a set was 13.
    expect(compared).toBeGreaterThanOrEqual(5);
  });

  it('a twice-daily BYHOUR series over the autumn change: both intakes on every day, at their wall times', async () => {
    const patient = patients.get('Europe/Berlin') as string;
    const intakes = seriesIntakes({ rrule: 'FREQ=DAILY;BYHOUR=8,20', date: '2026-10-01', intakeTime: '08:00' }, { from: '2026-10-24', to: '2026-10-26', timeZone: 'Europe/Berlin' });
    expect(intakes).toHaveLength(6);
    expect(await baked(patient, 'FREQ=DAILY;BYHOUR=8,20', '2026-10-01', '08:00', '2026-10-24', '2026-10-26')).toEqual(intakes.map((intake) => `${intake.date} ${intake.time}`));
  });
});
