import type { RunningServer } from '@medsched/reference-server/node';
import { createClient, type MedschedClient } from '@medsched/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/dates/calendar-date.js';
import { seriesOccurrences } from '../src/dates/series-occurrences.js';
import { ruleEndingOn } from '../src/commands/calendar/series-split.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let sdk: MedschedClient;
let patient: string;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  const admin = demoUser(0, 'admin');
  sdk = createClient({ baseUrl: server.url, apiKey: admin.apiKey, maxRetries: 0 });
  patient = (await sdk.users.create({ organization: admin.organizationId, name: 'Ødegård Rule', email: 'rules@sonnen.example', role: 'patient', timezone: 'Europe/Berlin' })).id;
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey };
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

const day = fc.integer({ min: 0, max: 800 }).map((offset) => addDays('2026-06-01', offset));
const weekdays = fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { minLength: 1 });
const hours = fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 3 }).map((list) => list.join(','));
/** Rules care homes write: DAILY, WEEKLY or MONTHLY, INTERVAL, BYHOUR (twice or three times a day), BYDAY, COUNT or UNTIL. */
const rule = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY'),
    interval: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    byHour: fc.option(hours, { nil: undefined }),
    byDay: fc.option(weekdays, { nil: undefined }),
    end: fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: 1, max: 60 }).map((count) => `COUNT=${count}`),
      day.map((date) => `UNTIL=${date.replace(/-/g, '')}`),
    ),
  })
  .map(({ freq, interval, byHour, byDay, end }) =>
    [`FREQ=${freq}`, interval && `INTERVAL=${interval}`, byHour && `BYHOUR=${byHour}`, byDay && `BYDAY=${byDay.join(',')}`, end].filter(Boolean).join(';'),
  );
const intakes = (rrule: string, start: string, from: string, to: string) => seriesOccurrences({ rrule, date: start, startTime: '08:00' }, from, to)?.map(({ date, time }) => `${date} ${time}`);

/** The intakes (date and time) the reference server bakes for a series, read back and the range unbaked again (data does not leak between runs). */
async function serverIntakes(text: string, start: string, from: string, to: string): Promise<string[]> {
  const series = await sdk.calendars.create({ patient, name: 'Rule', date: start, rrule: text, intakeTime: '08:00', amount: 0.5, unit: 'tablet' });
  const result = await sdk.calendars.bake.create({ patient, from, to });
  await sdk.calendars.bake.delete({ patient, from, to });
  // The series stays a draft: park it out of every later range by ending it before it starts.
  await sdk.calendars.update(series.id, { rrule: `FREQ=DAILY;UNTIL=20000101`, date: '2000-01-01' });
  return result.data.filter((entry) => entry.seriesId === series.id).map((entry) => `${entry.date} ${entry.startTime}`);
}

describe('the client counts series intakes as the server bakes them', () => {
  it('seriesOccurrences equals the reference server for generated rules (the counts in questions are the counts baked)', async () => {
    await fc.assert(
      fc.asyncProperty(rule, day, day, fc.integer({ min: 0, max: 40 }), async (text, start, from, length) => {
        const to = addDays(from, length);
        expect(intakes(text, start, from, to)).toEqual(await serverIntakes(text, start, from, to));
      }),
      { numRuns: 60 },
    );
  });

  it('a rule ended by ruleEndingOn is accepted by the server and keeps exactly the days up to that day', async () => {
    await fc.assert(
      fc.asyncProperty(
        rule.filter((text) => !text.includes('COUNT')),
        day,
        day,
        async (text, start, last) => {
          const ended = ruleEndingOn(text, last);
          const from = start;
          const to = addDays(start, 40);
          const before = intakes(text, start, from, to) ?? [];
          expect(intakes(ended, start, from, to)).toEqual(before.filter((intake) => intake.slice(0, 10) <= last));
          expect(await serverIntakes(ended, start, from, to)).toEqual(before.filter((intake) => intake.slice(0, 10) <= last));
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('bake check counts every rule the server accepts', () => {
  it('a twice-daily BYHOUR series created after the bake: each of its intakes is counted, none is "not expanded"', async () => {
    const week = ['--from', '2027-03-01', '--to', '2027-03-03'];
    const resident = (await sdk.users.create({ organization: demoUser(0, 'admin').organizationId, name: 'Grete Zweimal', email: 'twice@sonnen.example', role: 'patient', timezone: 'Europe/Berlin' }))
      .id;
    await sdk.calendars.create({ patient: resident, name: 'Metformin 500 mg', date: '2027-02-01', rrule: 'FREQ=DAILY', intakeTime: '12:00', amount: 1, unit: 'tablet' });
    expect((await runCli(['bake', '--patient', resident, ...week, '--yes'], env)).code).toBe(0);
    await sdk.calendars.create({ patient: resident, name: 'Ramipril 5 mg', date: '2027-02-01', rrule: 'FREQ=DAILY;BYHOUR=8,20', intakeTime: '08:00', amount: 1, unit: 'tablet' });

    const result = await runCli(['bake', 'check', '--patient', resident, ...week, '--json'], env);
    const found = JSON.parse(result.stdout || '[]') as Array<{ kind: string; days: string; detail: string; fix: string }>;
    expect(found.map((finding) => finding.kind)).not.toContain('series-not-counted');
    const created = found.find((finding) => finding.kind === 'series-new');
    expect(created, result.stderr).toMatchObject({ days: '2027-03-01 to 2027-03-03' });
    // Two intakes a day for three days, as the bake writes them.
    expect(created?.detail).toContain('6 of its intakes are not baked');
    expect(found.find((finding) => finding.kind === 'not-baked')).toMatchObject({ days: '2027-03-01 to 2027-03-03' });

    // Baked, both intakes of every day are there, and nothing is left to find.
    expect((await runCli(['bake', '--patient', resident, ...week, '--yes'], env)).code).toBe(0);
    const baked = (await sdk.calendars.bake.get({ patient: resident, from: '2027-03-01', to: '2027-03-03' })).data.filter((entry) => entry.title === 'Ramipril 5 mg');
    expect(baked.map((entry) => `${entry.date} ${entry.startTime}`)).toEqual(['2027-03-01 08:00', '2027-03-01 20:00', '2027-03-02 08:00', '2027-03-02 20:00', '2027-03-03 08:00', '2027-03-03 20:00']);
    const after = await runCli(['bake', 'check', '--patient', resident, ...week, '--json'], env);
    const left = (JSON.parse(after.stdout || '[]') as Array<{ kind: string }>).map((finding) => finding.kind);
    expect(left).not.toContain('not-baked');
    expect(left).not.toContain('series-new');
  });
});
