/**
 * The nightly copy against the reference server over real HTTP (port 0) while a seeded random
 * writer works: the first night runs with writes between its requests (creates, updates, unbakes
 * that remove occurrences, re-bakes, device events that arrive hours late), the following night
 * runs as the example's own process once the writer has stopped. After it, the copy is the
 * server: 0 entries missed, 0 yielded twice, 0 stale, 0 kept after their deletion, 0 events missed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient, type CalendarEntry, type DeviceEvent } from '@medsched/sdk';
import { startServer, type RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMirrorStore } from '../mirror-store.mjs';
import { runNight } from '../night.mjs';
import { seededWriter } from './support/seeded-writer.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../mirror.mjs', import.meta.url));
const adminSecret = 'mirror-test-admin-secret';
const organization = '64d001000000000000000001';
const staffKey = 'msk_demo_sonnen_user';
const device = (n: number) => `64d004${n.toString(16).padStart(18, '0')}`;
const days = Array.from({ length: 70 }, (_, i) => new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));

let server: RunningServer;
let folder: string;

beforeAll(async () => {
  server = await startServer({ port: 0, seed: 'demo', adminSecret });
  folder = mkdtempSync(join(tmpdir(), 'medsched-mirror-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A home of 16 new patients, each with two daily series baked over 70 days and a few one-offs. */
async function seedHome(staff: ReturnType<typeof createClient>): Promise<string[]> {
  const admin = createClient({ baseUrl: server.url, apiKey: 'msk_demo_sonnen_admin' });
  const patients: string[] = [];
  for (let n = 1; n <= 16; n++) {
    const patient = await admin.users.create({ organization, role: 'patient', name: `Mirror patient ${n}`, timezone: 'Europe/Berlin' });
    patients.push(patient.id);
    await staff.calendars.create({ patient: patient.id, name: 'Metformin 500', date: days[0]!, timeCategory: 'morning', rrule: 'FREQ=DAILY' });
    await staff.calendars.create({ patient: patient.id, name: 'Ramipril 5', date: days[0]!, timeCategory: 'evening', rrule: 'FREQ=DAILY' });
    for (const day of [days[3]!, days[30]!, days[69]!]) await staff.calendars.create({ patient: patient.id, name: 'Vitamin D', date: day, intakeTime: '09:00' });
    await staff.calendars.bake.create({ patient: patient.id, from: days[0]!, to: days[69]! });
  }
  // Spare devices 5 and 6 of the demo home go to two of the new patients: the copy finds them through their bakes.
  await staff.devices.update(device(5), { patient: patients[0]! });
  await staff.devices.update(device(6), { patient: patients[1]! });
  return patients;
}

/** Everything the server holds, read in one request each while nobody writes. */
async function serverTruth(staff: ReturnType<typeof createClient>, devices: string[]) {
  const entries = (await staff.calendars.list({ limit: 100_000 })).items;
  const events: DeviceEvent[] = [];
  for (const id of devices) events.push(...(await staff.devices.events(id)));
  return { entries, events };
}

it('after a night under writes and the following night, the copy is the server: nothing missed, twice, stale or kept after deletion', async () => {
  const staff = createClient({ baseUrl: server.url, apiKey: staffKey });
  const patients = await seedHome(staff);
  const devices = [device(1), device(2), device(3), device(5), device(6)];
  const writer = seededWriter({ client: staff, origin: server.origin, adminSecret, patients, devices, days, now: () => Date.now(), seed: 40, budget: 400 });

  // Night 1: three writes before each of the copy's requests, until the writer's budget is spent.
  const path = join(folder, 'mirror.sqlite');
  const during = createClient({
    baseUrl: server.url,
    apiKey: staffKey,
    fetch: async (input, init) => {
      await writer.step(3);
      return fetch(input, init);
    },
  });
  const store = await openMirrorStore(path);
  const first = await runNight({ client: during, store, organization, pageSize: 50 });
  store.close();
  expect(first.duplicates).toBe(0);
  // A night of about 2,000 entries: how many exactly depends on how the writer's steps (three before
  // each request) fall among the walk's requests, which the walk's re-reads shift (2,076 when a page
  // re-read a tenth of the one before, 1,987 since it re-reads the last entry only).
  expect(first.listed).toBeGreaterThan(1_900);
  // The writer worked during the night, in every way it knows.
  expect(writer.remaining).toBe(0);
  for (const kind of ['create', 'update', 'unbake', 'bake', 'late-event'] as const) expect(writer.counts[kind], kind).toBeGreaterThan(10);

  // Night 2: the example as a process, as cron would run it.
  const { stdout, stderr } = await run(process.execPath, [script], {
    env: { ...process.env, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: staffKey, MEDSCHED_ORGANIZATION: organization, MIRROR_DB: path, MIRROR_PAGE_SIZE: '100' },
  });
  expect(stderr).toBe('');
  expect(stdout).toMatch(/^night saved to .*mirror\.sqlite: \d+ changed, \d+ deleted of \d+, \d+ new events from 5 devices\n$/);

  const truth = await serverTruth(staff, devices);
  const copy = await openMirrorStore(path);
  const mirrored = new Map(copy.entries().map((entry: CalendarEntry) => [entry.id, entry]));
  const events = new Set(copy.events().map((event: DeviceEvent) => event.id));
  copy.close();
  const onServer = new Map(truth.entries.map((entry) => [entry.id, entry]));
  const missed = [...onServer.keys()].filter((id) => !mirrored.has(id));
  const kept = [...mirrored.keys()].filter((id) => !onServer.has(id));
  const stale = [...onServer.values()].filter((entry) => mirrored.has(entry.id) && JSON.stringify(mirrored.get(entry.id)) !== JSON.stringify(entry)).map((entry) => entry.id);
  const missedEvents = truth.events.filter((event) => !events.has(event.id)).map((event) => `${event.id} at ${event.timestamp}`);
  expect({ missed, kept, stale, missedEvents }).toEqual({ missed: [], kept: [], stale: [], missedEvents: [] });
  expect(mirrored.size).toBe(onServer.size);
});
