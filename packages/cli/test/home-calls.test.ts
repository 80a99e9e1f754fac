import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriftProxy } from './support/drift-proxy.js';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.js';
import { interruptCli, runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

// How many requests a home-wide command sends, counted at a proxy in front of the reference
// server: pinned, so that a change that reads each patient once more cannot slip in unseen.
let server: RunningServer;
let proxy: FaultProxy;
let env: Record<string, string>;
const nurse = demoUser(0, 'user');
/** The demo home's residents (patient1, patient2, patient3, onlyself). */
const patients = 4;
const range = ['--from', '2028-03-06', '--to', '2028-04-02'];
let hang: (method: string, path: string) => boolean = () => false;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startFaultProxy(server.url, (method, path) => (hang(method, path) ? 'hang' : 'pass'));
  // The profile's home, as the Monday recipe runs: no request is spent finding the organization.
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: proxy.url, MEDSCHED_API_KEY: nurse.apiKey, MEDSCHED_ORGANIZATION: nurse.organizationId, NO_COLOR: '1' };
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  expectNoSecretsInTranscript();
});

/** Runs the CLI and counts the requests it sent, by "METHOD /path" (medication reads apart, by id). */
async function counted(args: string[]): Promise<{ code: number | null; stderr: string; calls: Record<string, number>; medications: Record<string, number>; total: number }> {
  const before = proxy.forwarded.length;
  const result = await runCli(args, env);
  const calls: Record<string, number> = {};
  const medications: Record<string, number> = {};
  for (const call of proxy.forwarded.slice(before)) {
    const key = call.replace(/^(\w+) \/v1/, '$1 ');
    // The rows name each medication of the result (no list endpoint: one read per medication), counted apart.
    const tally = key.startsWith('GET /medications/') ? medications : calls;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return { code: result.code, stderr: result.stderr, calls, medications, total: proxy.forwarded.length - before - Object.values(medications).reduce((sum, count) => sum + count, 0) };
}

describe('home-wide commands read what they need once', () => {
  it('bake --all-patients: the home, its users and its calendar in one request each, one bake read per patient (devices), one bake', async () => {
    const bake = await counted(['bake', '--all-patients', ...range, '--yes', '--confirm-long-range', '--json', 'id']);
    expect(bake.code, bake.stderr).toBe(0);
    // The question's scale is still exact and named: patients × days, intakes.
    expect(bake.stderr).toMatch(new RegExp(`${patients} patients × 28 days: \\d+ intakes to bake`));
    expect(bake.calls).toEqual({
      [`GET /organizations/${nurse.organizationId}`]: 1,
      'GET /users/': 1,
      'GET /calendars/': 1,
      'GET /calendars/bake': patients,
      'POST /calendars/bake': 1,
    });
    expect(bake.total).toBe(patients + 4);
    expect(Object.values(bake.medications).every((count) => count === 1)).toBe(true);
  });

  it('bake check --all-patients: the same reads, no write', async () => {
    const check = await counted(['bake', 'check', '--all-patients', ...range, '--json']);
    expect([0, 10, 13], check.stderr).toContain(check.code);
    expect(check.calls).toEqual({
      [`GET /organizations/${nurse.organizationId}`]: 1,
      'GET /users/': 1,
      'GET /calendars/': 1,
      'GET /calendars/bake': patients,
    });
  });

  it('bake show --all-patients: the home, its users, one bake read per patient', async () => {
    const show = await counted(['bake', 'show', '--all-patients', ...range, '--json']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.calls).toEqual({
      [`GET /organizations/${nurse.organizationId}`]: 1,
      'GET /users/': 1,
      'GET /calendars/bake': patients,
    });
  });
});

describe('the home-wide calendar list is trusted only for this home', () => {
  it("a list that also answers another home's entries: the question's counts unchanged", async () => {
    const dryRun = ['bake', '--all-patients', '--from', '2028-06-05', '--to', '2028-06-11', '--dry-run'];
    const scaleOf = (stderr: string) => stderr.split('\n').filter((line) => /patients × 7 days|^ {4}\S/.test(line));
    const honest = await counted(dryRun);
    expect(honest.code, honest.stderr).toBe(0);
    expect(honest.calls['GET /calendars/']).toBe(1);
    const drift = await startDriftProxy(server.url, { kind: 'staff-list-leak', staffKey: nurse.apiKey, leakKey: demoUser(1, 'admin').apiKey });
    const counting = await startFaultProxy(drift.url.replace(/\/v1$/, ''), () => 'pass');
    try {
      // The drifted list answers both homes' entries.
      const listed = (await (await fetch(`${drift.url}/calendars/?limit=100000&offset=0&sortBy=createdAt%2Cid`, { headers: { 'x-api-key': nurse.apiKey } })).json()) as { organization?: string }[];
      expect(new Set(listed.map((entry) => entry.organization)).size, JSON.stringify(listed.slice(-2))).toBe(2);
      const drifted = await runCli(dryRun, { ...env, MEDSCHED_BASE_URL: counting.url });
      expect(drifted.code, drifted.stderr).toBe(0);
      expect(scaleOf(drifted.stderr)).toEqual(scaleOf(honest.stderr));
      expect(scaleOf(honest.stderr).length).toBeGreaterThan(patients);
      // Foreign entries are either left out by the SDK's walk (they sort before the last entry it
      // yielded) or make the CLI list each patient on its own: never counted for this home.
      expect(counting.forwarded.filter((call) => call === 'GET /v1/calendars/').length, drifted.stderr).toBeOneOf([1, 1 + patients]);
    } finally {
      await counting.close();
      await drift.close();
    }
  });
});

/** The one JSON line a --json run ends with on stderr. */
function jsonError(stderr: string): { error: { code: string; message: string; exitCode: number; written: string[]; unknown: string[] } } {
  const last = stderr.trimEnd().split('\n').at(-1) ?? '';
  return JSON.parse(last) as ReturnType<typeof jsonError>;
}

describe('Ctrl-C under --json: the report is one JSON line on stderr', () => {
  it('while the home is read: code interrupted, exit 130, nothing written', async () => {
    let reads = 0;
    hang = (method, path) => method === 'GET' && path === '/calendars/bake' && ++reads > 1;
    try {
      const { code, stderr, stdout } = await interruptCli(['bake', 'show', '--all-patients', ...range, '--json'], env, () => reads > 2);
      expect(code, stderr).toBe(130);
      expect(stdout).toBe('');
      const { error } = jsonError(stderr);
      expect(error).toMatchObject({ code: 'interrupted', exitCode: 130, written: [], unknown: [] });
      expect(error.message).toMatch(/^Interrupted \(Ctrl-C\)\. Read [01] of 4 patients before it stopped/);
      expect(stderr).not.toMatch(/^Interrupted\. /m);
    } finally {
      hang = () => false;
    }
  });

  it('while the home-wide bake is on the wire: exit 9, the bake named as of unknown outcome', async () => {
    hang = (method, path) => method === 'POST' && path === '/calendars/bake';
    try {
      const { code, stderr } = await interruptCli(['bake', '--all-patients', '--from', '2028-05-01', '--to', '2028-05-02', '--yes', '--json'], env, (output) =>
        output.stderr.includes('Baking every patient'),
      );
      expect(code, stderr).toBe(9);
      const { error } = jsonError(stderr);
      expect(error).toMatchObject({ code: 'interrupted', exitCode: 9, written: [] });
      expect(error.unknown).toEqual([expect.stringMatching(/^bake every patient of .* 2028-05-01 to 2028-05-02/)]);
    } finally {
      hang = () => false;
    }
  });
});
