import type { RunningServer } from '@medsched/reference-server/node';
import { createClient, type MedschedClient } from '@medsched/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/dates/calendar-date.js';
import { seriesDates } from '../src/dates/series-dates.js';
import { ruleEndingOn } from '../src/commands/series-split.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let sdk: MedschedClient;
let patient: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = demoUser(0, 'admin');
  sdk = createClient({ baseUrl: server.url, apiKey: admin.apiKey, maxRetries: 0 });
  patient = (await sdk.users.create({ organization: admin.organizationId, name: 'Ødegård Rule', email: 'rules@sonnen.example', role: 'patient', timezone: 'Europe/Berlin' })).id;
});
afterAll(async () => {
  await server.close();
});

const day = fc.integer({ min: 0, max: 800 }).map((offset) => addDays('2026-06-01', offset));
const weekdays = fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { minLength: 1 });
/** Rules the client counts: DAILY or WEEKLY, INTERVAL, plain BYDAY, COUNT or UNTIL. */
const rule = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY'),
    interval: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    byDay: fc.option(weekdays, { nil: undefined }),
    end: fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 60 }).map((count) => `COUNT=${count}`), day.map((date) => `UNTIL=${date.replace(/-/g, '')}`)),
  })
  .map(({ freq, interval, byDay, end }) => [`FREQ=${freq}`, interval && `INTERVAL=${interval}`, byDay && `BYDAY=${byDay.join(',')}`, end].filter(Boolean).join(';'));

/** The dates the reference server bakes for a series, read back and the range unbaked again (data does not leak between runs). */
async function serverDates(text: string, start: string, from: string, to: string): Promise<string[]> {
  const series = await sdk.calendars.create({ patient, name: 'Rule', date: start, rrule: text, intakeTime: '08:00', amount: 0.5, unit: 'tablet' });
  const result = await sdk.calendars.bake.create({ patient, from, to });
  await sdk.calendars.bake.delete({ patient, from, to });
  // The series stays a draft: park it out of every later range by ending it before it starts.
  await sdk.calendars.update(series.id, { rrule: `FREQ=DAILY;COUNT=1`, date: '2000-01-01' });
  return result.data.filter((entry) => entry.seriesId === series.id).map((entry) => entry.date);
}

describe('the client counts series days as the server bakes them', () => {
  it('seriesDates equals the reference server for generated rules (the counts in questions are the counts baked)', async () => {
    await fc.assert(
      fc.asyncProperty(rule, day, day, fc.integer({ min: 0, max: 40 }), async (text, start, from, length) => {
        const to = addDays(from, length);
        expect(seriesDates(text, start, from, to)).toEqual(await serverDates(text, start, from, to));
      }),
      { numRuns: 60 },
    );
  });

  it('a rule ended by ruleEndingOn is accepted by the server and keeps exactly the days up to that day', async () => {
    await fc.assert(
      fc.asyncProperty(rule.filter((text) => !text.includes('COUNT')), day, day, async (text, start, last) => {
        const ended = ruleEndingOn(text, last);
        const from = start;
        const to = addDays(start, 40);
        const before = seriesDates(text, start, from, to) ?? [];
        expect(seriesDates(ended, start, from, to)).toEqual(before.filter((date) => date <= last));
        expect(await serverDates(ended, start, from, to)).toEqual(before.filter((date) => date <= last));
      }),
      { numRuns: 30 },
    );
  });
});
