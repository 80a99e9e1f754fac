import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createClient } from '@medsched/sdk';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../conformance/test/support/closed-port.js';
import { runRecipe as runCronRecipe, type RecipeOptions, type Run } from './support/cron-recipe.js';
import { startFaultProxy, type Fault } from './support/fault-proxy.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

// The recipe of the README run as cron runs it (support/cron-recipe.ts). One fault at a time;
// each asserts the exit code AND what the server stores.
const sonnen = demoUser(0, 'admin');
const lindenhof = demoUser(1, 'admin');
const slow = 180_000;

let server: RunningServer;
let configDir: string;
let acks: string;

/** Runs the recipe as cron would, for the profile logged in below. */
function runRecipe(options: Omit<RecipeOptions, 'configDir' | 'acks'>): Promise<Run> {
  return runCronRecipe({ ...options, configDir, acks });
}

/** Baked intakes of every patient of a home in a week, read back through the SDK. */
async function baked(credential: { apiKey: string; organizationId: string }, week: [string, string]): Promise<number> {
  const sdk = createClient({ baseUrl: server.url, apiKey: credential.apiKey });
  let count = 0;
  for await (const user of sdk.users.iterate({ organization: credential.organizationId, limit: 100 })) {
    if (user.role === 'patient' || user.role === 'onlyself') count += (await sdk.calendars.bake.get({ patient: user.id, from: week[0], to: week[1] })).data.length;
  }
  return count;
}

/** Waits until `predicate` holds (polling), bounded for a loaded machine. */
async function until(predicate: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > 60_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A proxy that applies `fault` to matching requests and passes the rest. */
function proxyWith(fault: (method: string, path: string) => Fault) {
  return startFaultProxy(server.url, fault);
}

beforeAll(async () => {
  server = await startTestServer();
  configDir = tempConfigDir();
  // The profile is Sonnen-Apotheke's home, logged in once by a person.
  const login = await runCli(['login', '--profile', 'ampark'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: sonnen.apiKey });
  expect(login.code, login.stderr).toBe(0);
  // The home's known residents without a device, acknowledged once.
  const check = await runCli(['bake', 'check', '--all-patients', '--from', '2026-12-07', '--to', '2026-12-13', '--json', '--profile', 'ampark'], { MEDSCHED_CONFIG_DIR: configDir });
  const findings = JSON.parse(check.stdout) as { kind: string; patient: string }[];
  acks = findings
    .filter((finding) => finding.kind === 'no-device')
    .map((finding) => `no-device:${finding.patient}`)
    .join(',');
}, slow);
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

describe('the unattended Monday, as cron runs it', () => {
  it(
    'a normal week: exit 0, the week baked, a summary line with the time',
    async () => {
      const week: [string, string] = ['2026-12-07', '2026-12-13'];
      const run = await runRecipe({ week });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ monday-bake ampark: baked and checked \(2026-12-07 to 2026-12-13\): nothing to do$/m);
      expect(await baked(sonnen, week)).toBeGreaterThan(0);
    },
    slow,
  );

  it(
    'server down: 7, nothing stored; a re-run repairs it',
    async () => {
      const week: [string, string] = ['2026-12-14', '2026-12-20'];
      const run = await runRecipe({ week, baseUrl: `http://127.0.0.1:${await closedPort()}/v1` });
      expect(run.code, run.stderr).toBe(7);
      expect(run.stderr).toMatch(/"exitCode":7/);
      expect(await baked(sonnen, week)).toBe(0);
      expect((await runRecipe({ week })).code).toBe(0);
      expect(await baked(sonnen, week)).toBeGreaterThan(0);
    },
    slow,
  );

  it(
    'the zone read failing (503s): 1, never the machine zone, nothing stored',
    async () => {
      const week: [string, string] = ['2026-12-21', '2026-12-27'];
      const proxy = await proxyWith((method, path) => (method === 'GET' && path.startsWith('/organizations/') ? { status: 503 } : 'pass'));
      try {
        const run = await runRecipe({ week, baseUrl: proxy.url });
        expect(run.code, run.stderr).toBe(1);
        expect(run.stderr).not.toMatch(/names none/);
        expect(proxy.forwarded.filter((line) => line.startsWith('POST'))).toEqual([]);
      } finally {
        await proxy.close();
      }
      expect(await baked(sonnen, week)).toBe(0);
    },
    slow,
  );

  it(
    "another home's key in the environment: 11, neither home baked",
    async () => {
      const week: [string, string] = ['2026-12-28', '2027-01-03'];
      const run = await runRecipe({ week, extraEnv: { MEDSCHED_API_KEY: lindenhof.apiKey } });
      expect(run.code, run.stderr).toBe(11);
      expect(run.stderr).toContain('Haus Lindenhof');
      expect(run.stderr).toContain('Sonnen-Apotheke');
      expect(await baked(sonnen, week)).toBe(0);
      expect(await baked(lindenhof, week)).toBe(0);
      const refused = await runRecipe({ week, extraEnv: { MEDSCHED_API_KEY: 'msk_not_a_key_of_anyone_at_all' } });
      expect(refused.code).toBe(3);
      expect(await baked(sonnen, week)).toBe(0);
    },
    slow,
  );

  it(
    'rate-limited beyond --timeout: 12 with when to retry, nothing stored',
    async () => {
      const week: [string, string] = ['2027-01-04', '2027-01-10'];
      const limited = await startTestServer({ rateLimit: { limit: 2, windowSeconds: 3600 } });
      const proxy = await startFaultProxy(limited.url, () => 'pass');
      try {
        const run = await runRecipe({ week, baseUrl: proxy.url });
        expect(run.code, run.stderr).toBe(12);
        expect(run.stderr).toMatch(/"retryAfter":\d+/);
        expect(run.stderr).toMatch(/retry at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
        // Stopped before the bake: no write reached that server.
        expect(proxy.forwarded.filter((line) => line.startsWith('POST'))).toEqual([]);
      } finally {
        await proxy.close();
        await limited.close();
      }
    },
    slow,
  );

  it(
    'disk full on stdout (/dev/full): 9 (written), no stack trace; the bake is stored',
    async () => {
      const week: [string, string] = ['2027-01-11', '2027-01-17'];
      const run = await runRecipe({ week, stdoutPath: '/dev/full' });
      expect(run.code, run.stderr).toBe(9);
      expect(run.stderr).toContain('stdout failed (ENOSPC)');
      expect(run.stderr).toContain('written:');
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(await baked(sonnen, week)).toBeGreaterThan(0);
    },
    slow,
  );

  it(
    'disk full on stderr (/dev/full): the run goes on, 0, the week baked and its result on stdout',
    async () => {
      const week: [string, string] = ['2027-02-01', '2027-02-07'];
      const run = await runRecipe({ week, stderrPath: '/dev/full' });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('"iotDevices"');
      expect(await baked(sonnen, week)).toBeGreaterThan(0);
    },
    slow,
  );

  it(
    'killed mid-bake: not 0; a re-run bakes the week',
    async () => {
      const week: [string, string] = ['2027-01-18', '2027-01-24'];
      let held = false;
      const proxy = await proxyWith((method, path) => (method === 'POST' && path === '/calendars/bake' ? ((held = true), 'hang') : 'pass'));
      try {
        const run = await runRecipe({
          week,
          baseUrl: proxy.url,
          whileRunning: async (pid) => {
            // Killed while its bake is on the wire (held by the proxy, unanswered).
            await until(() => held, 'the bake on the wire');
            process.kill(-pid, 'SIGTERM');
          },
        });
        expect(held).toBe(true);
        expect(run.code === 0).toBe(false);
      } finally {
        await proxy.close();
      }
      expect(await baked(sonnen, week)).toBe(0);
      // sh is gone; the killed medsched may still be ending and holds the lock until it has.
      await until(() => spawnSync('flock', ['-n', join(configDir, 'monday.lock'), 'true']).status === 0, 'the killed run to let go of the lock');
      const again = await runRecipe({ week });
      expect(again.code, again.stderr).toBe(0);
      expect(await baked(sonnen, week)).toBeGreaterThan(0);
    },
    slow,
  );

  it(
    'overlapping runs: the second exits 75 at once and sends nothing',
    async () => {
      const week: [string, string] = ['2027-01-25', '2027-01-31'];
      let held = false;
      const proxy = await proxyWith((method, path) => (method === 'POST' && path === '/calendars/bake' ? ((held = true), 'hang') : 'pass'));
      try {
        let second: Run | undefined;
        let sentBySecond = 0;
        await runRecipe({
          week,
          baseUrl: proxy.url,
          whileRunning: async (pid) => {
            // The first run holds the lock and waits for its bake's answer: it sends nothing more.
            await until(() => held, 'the first run to send its bake');
            const before = proxy.forwarded.length;
            second = await runRecipe({ week, baseUrl: proxy.url });
            sentBySecond = proxy.forwarded.length - before;
            process.kill(-pid, 'SIGTERM');
          },
        });
        expect(second?.code, second?.stderr).toBe(75);
        expect(second?.stderr).toContain('another run holds');
        expect(sentBySecond).toBe(0);
      } finally {
        await proxy.close();
      }
      expect(await baked(sonnen, week)).toBe(0);
    },
    slow,
  );

  it(
    'a daylight-saving week (Berlin, 2027-03-28 has 23 hours): 0, every day baked at its local times',
    async () => {
      const week: [string, string] = ['2027-03-22', '2027-03-28'];
      const run = await runRecipe({ week });
      expect(run.code, run.stderr).toBe(0);
      const sdk = createClient({ baseUrl: server.url, apiKey: sonnen.apiKey });
      const patient = demoUser(0, 'patient1');
      const entries = (await sdk.calendars.bake.get({ patient: patient.userId, from: week[0], to: week[1] })).data;
      const daily = entries.filter((entry) => entry.title === 'Daily dose');
      expect(daily.map((entry) => entry.date)).toEqual(['2027-03-22', '2027-03-23', '2027-03-24', '2027-03-25', '2027-03-26', '2027-03-27', '2027-03-28']);
      expect(new Set(daily.map((entry) => entry.startTime))).toEqual(new Set([daily[0]?.startTime]));
    },
    slow,
  );
});
