import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { org1 } from './support/demo.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { BakeResult, User } from '@medsched/sdk';

// Each test starts medsched-server processes on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * Bakes and unbakes are all or nothing across a crash (issue 19): the built server with
 * `--data` is SIGKILLed at moments spread over organization-wide bakes and during unbakes of
 * every patient at once; after each restart every patient's range is fully baked or untouched,
 * and an organization-wide bake is there for every patient or for none.
 */
const directory = mkdtempSync(join(tmpdir(), 'medsched-bake-crash-'));
const file = join(directory, 'sandbox.data');
const from = '2027-01-01';
const to = '2027-05-31';
const days = 151;
const extraPatients = 12;
let server: ServerProcess | undefined;

afterAll(() => {
  server?.kill();
  rmSync(directory, { recursive: true, force: true });
});

const start = async () => (server = await startServerBin(['--port', '0', '--data', file, '--demo-keys', 'on']));

async function call<Body = unknown>(method: string, path: string, json?: unknown) {
  const response = await fetch(`${new URL(server!.url).origin}${path}`, {
    method,
    headers: { 'x-api-key': org1.admin.apiKey, ...(json !== undefined && { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function patientIds(): Promise<string[]> {
  const { body } = await call('GET', `/v1/users/?organization=${org1.id}&limit=1000`);
  return (body as Array<{ id: string; role: string }>).filter((user) => user.role === 'patient' || user.role === 'onlyself').map((user) => user.id);
}

/** How many baked entries each patient has in the range. */
async function bakedCounts(patients: string[]): Promise<number[]> {
  return Promise.all(
    patients.map(async (patient) => {
      const { status, body } = await call<BakeResult>('GET', `/v1/calendars/bake?patient=${patient}&from=${from}&to=${to}`);
      expect(status).toBe(200);
      return body.data.length;
    }),
  );
}

async function killAfter(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  const exited = new Promise((resolve) => server!.child.once('exit', resolve));
  server!.kill();
  await exited;
  server = undefined;
}

describe('SIGKILL during bakes and unbakes', () => {
  it('leaves every patient fully baked or untouched, and an organization-wide bake whole or absent', async () => {
    await start();
    for (let index = 0; index < extraPatients; index++) {
      const { body: user } = await call<User>('POST', '/v1/users/', { organization: org1.id, role: 'patient', name: `Crash patient ${index}`, timezone: 'Europe/Berlin' });
      expect((await call('POST', '/v1/calendars/', { patient: user.id, name: 'Daily', date: '2026-12-01', rrule: 'FREQ=DAILY', intakeTime: '08:00' })).status).toBe(201);
    }
    const patients = await patientIds();
    expect(patients.length).toBe(4 + extraPatients);

    // How long a whole bake and unbake take here: kills land anywhere within that time.
    let started = performance.now();
    expect((await call('POST', '/v1/calendars/bake', { updateAllPatients: true, from, to })).status).toBe(200);
    const bakeMs = performance.now() - started;
    expect(await bakedCounts(patients)).toEqual(patients.map(() => days));
    started = performance.now();
    await Promise.all(patients.map((patient) => call('DELETE', `/v1/calendars/bake?patient=${patient}&from=${from}&to=${to}`)));
    const unbakeMs = performance.now() - started;
    expect(await bakedCounts(patients)).toEqual(patients.map(() => 0));

    // Kill moments spread over the measured time, the same in every run (a random delay up to twice
    // the time landed after the bake had finished in half the rounds, and made a failure hard to
    // repeat): early, a third in, two thirds in, and once after it finished (an acknowledged write).
    const killAt = [0.1, 0.35, 0.65, 1.2];
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const baking = round % 2 === 0;
      const window = baking ? bakeMs : unbakeMs;
      const delay = Math.floor(killAt[Math.floor(round / 2)]! * window);
      const requests = baking
        ? [call('POST', '/v1/calendars/bake', { updateAllPatients: true, from, to })]
        : patients.map((patient) => call('DELETE', `/v1/calendars/bake?patient=${patient}&from=${from}&to=${to}`));
      const settled = Promise.allSettled(requests);
      await killAfter(delay);
      const answered = (await settled).filter((result) => result.status === 'fulfilled' && result.value.status === 200).length;

      await start();
      const counts = await bakedCounts(patients);
      for (const count of counts) expect([0, days], `round ${round}: ${counts.join(',')}`).toContain(count);
      const full = counts.filter((count) => count === days).length;
      if (baking) {
        expect([0, patients.length], `organization-wide bake, round ${round}: ${counts.join(',')}`).toContain(full);
        // An acknowledged bake is on disk.
        if (answered === 1) expect(full).toBe(patients.length);
      } else if (answered > 0) {
        expect(patients.length - full).toBeGreaterThanOrEqual(answered);
      }
      outcomes.push(`${baking ? 'bake' : 'unbake'} killed after ${delay} ms: ${full}/${patients.length} baked`);

      // The next round starts from a uniform state: all baked before an unbake round, none before a bake round.
      if (baking && full === 0) expect((await call('POST', '/v1/calendars/bake', { updateAllPatients: true, from, to })).status).toBe(200);
      if (!baking) await Promise.all(patients.map((patient) => call('DELETE', `/v1/calendars/bake?patient=${patient}&from=${from}&to=${to}`)));
    }
    console.log(`bake ${Math.round(bakeMs)} ms, unbake ${Math.round(unbakeMs)} ms; ${outcomes.join('; ')}`);
  }, 240_000);

  it('reads during a bake or an unbake see all of it or none of it (they wait for it)', async () => {
    const patients = await patientIds();
    for (const baking of [true, false, true, false]) {
      const change = baking
        ? call('POST', '/v1/calendars/bake', { updateAllPatients: true, from, to })
        : Promise.all(patients.map((patient) => call('DELETE', `/v1/calendars/bake?patient=${patient}&from=${from}&to=${to}`)));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const [list, counts] = await Promise.all([call('GET', '/v1/calendars/?limit=100000'), bakedCounts(patients)]);
      await change;
      const inRange = (list.body as Array<{ userId: string; date: string; baked: boolean }>).filter((entry) => entry.baked && entry.date >= from && entry.date <= to);
      // One organization-wide bake: all patients or none. Unbakes are one request per patient: each whole or not begun.
      if (baking) expect([0, patients.length * days]).toContain(inRange.length);
      for (const patient of patients) expect([0, days]).toContain(inRange.filter((entry) => entry.userId === patient).length);
      for (const count of counts) expect([0, days]).toContain(count);
      expect(await bakedCounts(patients)).toEqual(patients.map(() => (baking ? days : 0)));
    }
  }, 120_000);
});
