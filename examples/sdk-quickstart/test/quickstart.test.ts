import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../quickstart.mjs', import.meta.url));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, seed: 'demo' });
});
afterAll(() => server?.close());

it('runs the quick start against the demo data from start to end', async () => {
  const { stdout, stderr } = await run(process.execPath, [script], {
    env: { ...process.env, MEDSCHED_BASE_URL: server.url },
  });
  expect(stderr).toBe('');
  expect(stdout).toContain('Organization: Sonnen-Apotheke (pharmacy)');
  expect(stdout).toMatch(/Patients: Clara Claus, Dieter Dorn, Erika Engel/);
  expect(stdout).toMatch(/has \d+ calendar entries; first page holds [1-5]/);
  expect(stdout).toMatch(/Created series [0-9a-f]{24}: Vitamin D3 1000 IU at 18:00, FREQ=DAILY/);
  expect(stdout).toContain('Same key again: 201, entry the same, replayed: true');
  // Seven days of the new series plus the demo series, which is daily too.
  expect(stdout).toMatch(/Baked 14 entries; 14 alarms on 1 devices/);
  expect(stdout).toContain('Alarm minutes on the first day: [480,1080]');
  expect(stdout).toMatch(/a baked entry refuses change: 409 conflict \(request \S+\)/);
  expect(stdout).toContain('Unbaked 14 entries');
});
