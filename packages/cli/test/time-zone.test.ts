/**
 * The UTC offset beside a baked wall time in CSV, through the CLI as a process, on both 2026
 * daylight-saving changes in Europe/Berlin and America/New_York: an hour the clock shows twice is
 * its first occurrence (summer time), an hour it skips is read on the offset before the gap
 * (02:30+01:00 is the instant the clock reads 03:30), as RFC 5545 and the SDK's zone module say.
 */
import type { RunningServer } from '@medsched/reference-server/node';
import { createClient, type MedschedClient } from '@medsched/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let sdk: MedschedClient;
let env: Record<string, string>;
const admin = demoUser(0, 'admin');

beforeAll(async () => {
  server = await startTestServer();
  sdk = createClient({ baseUrl: server.url, apiKey: admin.apiKey, maxRetries: 0 });
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey };
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

/** A patient in `timezone` with a series at 01:30 and 02:30 every day. */
async function nightPatient(name: string, email: string, timezone: string): Promise<string> {
  const patient = (await sdk.users.create({ organization: admin.organizationId, name, email, role: 'patient', timezone })).id;
  await sdk.calendars.create({ patient, name: 'Night dose', date: '2026-01-01', rrule: 'FREQ=DAILY;BYHOUR=1,2;BYMINUTE=30', intakeTime: '01:30', amount: 1, unit: 'tablet' });
  return patient;
}

/** `date time utcOffset` of each CSV row of a bake of one day. */
async function bakedOffsets(patient: string, day: string): Promise<string[]> {
  const result = await runCli(['bake', '--patient', patient, '--from', day, '--to', day, '--output', 'csv', '--yes'], env);
  expect(result.code, result.stderr).toBe(0);
  const [header, ...rows] = result.stdout.trim().split('\r\n');
  expect(header?.startsWith('date,time,utcOffset,timeZone,')).toBe(true);
  return rows.map((row) => row.split(',').slice(0, 3).join(' '));
}

describe('CSV utcOffset across daylight-saving changes', () => {
  it('Europe/Berlin: 25 Oct 02:30 is the first (summer) one, 29 Mar 02:30 does not exist and reads on +01:00', async () => {
    const patient = await nightPatient('Jörg Nachtmann', 'night-berlin@sonnen.example', 'Europe/Berlin');
    expect(await bakedOffsets(patient, '2026-10-25')).toEqual(['2026-10-25 01:30 UTC+02:00', '2026-10-25 02:30 UTC+02:00']);
    expect(await bakedOffsets(patient, '2026-03-29')).toEqual(['2026-03-29 01:30 UTC+01:00', '2026-03-29 02:30 UTC+01:00']);
    expect(await bakedOffsets(patient, '2026-03-30')).toEqual(['2026-03-30 01:30 UTC+02:00', '2026-03-30 02:30 UTC+02:00']);
  });

  it('America/New_York: 1 Nov 01:30 is the first (EDT) one, 8 Mar 02:30 does not exist and reads on -05:00', async () => {
    const patient = await nightPatient('Dolores Night', 'night-ny@sonnen.example', 'America/New_York');
    expect(await bakedOffsets(patient, '2026-11-01')).toEqual(['2026-11-01 01:30 UTC-04:00', '2026-11-01 02:30 UTC-05:00']);
    expect(await bakedOffsets(patient, '2026-03-08')).toEqual(['2026-03-08 01:30 UTC-05:00', '2026-03-08 02:30 UTC-05:00']);
  });
});
