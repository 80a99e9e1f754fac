import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkConformance, conformanceRules } from '@medsched/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriftProxy, type Drift, type DriftProxy } from '../../../test/support/drift-proxy.js';
import { runCli, tempConfigDir } from '../../../test/support/run-cli.js';
import { startServerProcess, type ServerProcess } from '../../../../conformance/test/support/server-process.js';

// `medsched conformance` as a user runs it: the built CLI as a process, against the reference
// server (its own process), straight and behind a proxy that makes it drift in one way.
interface Report {
  results: Array<{ id: string; status: string; message?: string; requests: string[] }>;
  counts: Record<string, number>;
}

let server: ServerProcess;
const proxies: DriftProxy[] = [];
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await server?.stop();
});

const env = {
  MEDSCHED_API_KEY: 'msk_demo_sonnen_user',
  MEDSCHED_CONFORMANCE_PATIENT_API_KEY: 'msk_demo_sonnen_patient1',
  MEDSCHED_CONFORMANCE_OTHER_ORG_API_KEY: 'msk_demo_lindenhof_admin',
};

async function conformance(baseUrl: string, args: string[] = []): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli(['conformance', '--base-url', baseUrl, '--json', ...args], { ...env, MEDSCHED_CONFIG_DIR: tempConfigDir() });
  return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
}

async function drifted(drift: Drift): Promise<DriftProxy> {
  const proxy = await startDriftProxy(server.url, drift);
  proxies.push(proxy);
  return proxy;
}

function failed(report: Report): Record<string, string> {
  return Object.fromEntries(report.results.filter((result) => result.status !== 'pass').map((result) => [result.id, result.message ?? '']));
}

// Each test runs whole rule sets as child processes on a machine shared with other test files: a bound, not a timing.
describe('medsched conformance', { timeout: 90_000 }, () => {
  it('passes every rule against the reference server: exit 0, a table for people, JUnit XML for CI', async () => {
    const dir = tempConfigDir();
    const junit = join(dir, 'conformance.xml');
    const result = await runCli(['conformance', '--base-url', server.url, '--output', 'table', '--junit', junit], { ...env, MEDSCHED_CONFIG_DIR: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^PASS {3}tenancy\.entry-read +Another organization's calendar entry/m);
    const total = conformanceRules.length;
    expect(result.stdout).toContain(`${total} rules: ${total} passed, 0 failed, 0 errored, 0 skipped`);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain(`<testsuites name="medsched conformance" tests="${total}" failures="0" errors="0" skipped="0"`);
    expect(xml).toContain('<testcase classname="conflicts" name="conflicts.baked-entry: PATCH or POST on a baked entry is 409 conflict and changes nothing"');
  });

  it('a renamed field is reported once, by the contract rule, per operation and field; the behaviour rules go on; exit 10', async () => {
    const proxy = await drifted({ kind: 'rename-field' });
    const { code, report } = await conformance(proxy.url);
    expect(code).toBe(10);
    const failures = Object.fromEntries(report.results.filter((result) => result.status === 'fail').map((result) => [result.id, result.message ?? '']));
    expect(Object.keys(failures)).toEqual(['contract.answer-shapes']);
    expect(failures['contract.answer-shapes']).toMatch(
      /calendars\.list \(GET \/calendars\/\) \[\*\]\.baked: Invalid input: expected boolean, received undefined — first in GET \/calendars\/\?limit=100&sortBy=createdAt%3Adesc.* → 200, in \d+ answers/,
    );
    // The rules that need `baked` are blocked by it and say so; the tenancy rules pass.
    expect(failed(report)['bake.round-trip']).toMatch(/^blocked: .*baked missing, not a boolean; contract\.answer-shapes reports the field$/);
    expect(report.results.find((result) => result.id === 'tenancy.list-scope')?.status).toBe('pass');
  });

  it('a 422 where the contract says 409 is reported by the conflict rule, naming request, answer and expectation; exit 10', async () => {
    const proxy = await drifted({ kind: '422-for-409' });
    const { code, report } = await conformance(proxy.url);
    expect(code).toBe(10);
    expect(failed(report)).toEqual({
      'conflicts.baked-entry': expect.stringMatching(/^PATCH \/calendars\/[0-9a-f]{24} → 422 \(validation_failed\): expected 409 conflict: a baked entry is final/) as unknown,
    });
  });

  it("one organization reading another's entry is reported by the tenancy rule; exit 10", async () => {
    const proxy = await drifted({ kind: 'cross-org-read', leakKey: 'msk_demo_lindenhof_admin' });
    const { code, report } = await conformance(proxy.url);
    expect(code).toBe(10);
    expect(failed(report)).toEqual({
      'tenancy.entry-read': expect.stringMatching(/^GET \/calendars\/[0-9a-f]{24} → 200: expected 403 forbidden: a credential must not read another organization's entry \(§5\.6\)$/) as unknown,
    });
  });

  it("a staff list that leaks another organization's entries is reported by tenancy.list-scope, with the organization read back, not guessed; exit 10", async () => {
    const proxy = await drifted({ kind: 'staff-list-leak', staffKey: env.MEDSCHED_API_KEY, leakKey: env.MEDSCHED_CONFORMANCE_OTHER_ORG_API_KEY });
    const { code, report } = await conformance(proxy.url, ['--read-only']);
    expect(code).toBe(10);
    const statuses = Object.fromEntries(report.results.map((result) => [result.id, result.status]));
    expect(statuses['tenancy.credentials']).toBe('pass');
    expect(statuses['tenancy.list-scope']).toBe('fail');
    expect(failed(report)['tenancy.list-scope']).toMatch(
      /^GET \/calendars\/\?limit=100&sortBy=createdAt%3Adesc → 200: the main credential's list holds calendar entry [0-9a-f]{24} of organization 64d001000000000000000002; the main credential belongs to 64d001000000000000000001/,
    );
  });

  it('--read-only sends no write: every rule that only reads passes against a server that fails any non-GET', async () => {
    const proxy = await drifted({ kind: 'writes-fail' });
    const { code, report } = await conformance(proxy.url, ['--read-only']);
    expect(proxy.writes).toEqual([]);
    expect(code).toBe(0);
    const writing = conformanceRules.filter((rule) => rule.writes).length;
    expect(report.counts).toEqual({ pass: conformanceRules.length - writing, fail: 0, skip: writing, error: 0 });
    // Without --read-only the same server is caught at the first write.
    const written = await conformance(proxy.url, ['--only', 'bake.round-trip']);
    expect(written.code).toBe(10);
    expect(proxy.writes).toEqual([expect.stringMatching(/^POST \/v1\/users\/$/)]);
  });

  it('takes the further credentials from profiles, as `medsched login` leaves them', async () => {
    const configDir = tempConfigDir();
    const base = { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url };
    expect((await runCli(['login', '--profile', 'patient'], { ...base, MEDSCHED_API_KEY: 'msk_demo_sonnen_patient1' })).code).toBe(0);
    expect((await runCli(['login', '--profile', 'lindenhof'], { ...base, MEDSCHED_API_KEY: 'msk_demo_lindenhof_admin' })).code).toBe(0);
    const result = await runCli(['conformance', '--json', '--patient-profile', 'patient', '--other-org-profile', 'lindenhof'], { ...base, MEDSCHED_API_KEY: 'msk_demo_sonnen_user' });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Report).counts).toEqual({ pass: conformanceRules.length, fail: 0, skip: 0, error: 0 });
    const unknown = await runCli(['conformance', '--patient-profile', 'nobody'], { ...base, MEDSCHED_API_KEY: 'msk_demo_sonnen_user' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no profile named "nobody"');
  });

  it('--only runs the named rules and groups; an unknown name is a usage error (exit 2)', async () => {
    const { code, report } = await conformance(server.url, ['--only', 'tenancy,limits.pdf-hosts']);
    expect(code).toBe(0);
    // tenancy.credentials is part of the group; the rules a chosen one builds on would run too.
    expect(report.results.map((result) => result.id)).toEqual([
      'tenancy.credentials',
      'tenancy.organization-read',
      'tenancy.entry-read',
      'tenancy.list-scope',
      'limits.pdf-hosts',
      'tenancy.entry-write',
    ]);
    const unknown = await runCli(['conformance', '--base-url', server.url, '--only', 'tenancy.nope'], { ...env, MEDSCHED_CONFIG_DIR: tempConfigDir() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no rule or group named tenancy.nope');
  });

  // One deployment per test: two whole runs (a CLI process and the library) each.
  for (const deployment of ['the reference server', 'rename-field', 'cross-org-read'] as const) {
    it(`gives the same verdicts as the library (checkConformance): ${deployment}`, async () => {
      const url =
        deployment === 'the reference server' ? server.url : (await drifted(deployment === 'rename-field' ? { kind: deployment } : { kind: deployment, leakKey: 'msk_demo_lindenhof_admin' })).url;
      const credentials = {
        primary: { apiKey: env.MEDSCHED_API_KEY },
        patient: { apiKey: env.MEDSCHED_CONFORMANCE_PATIENT_API_KEY },
        otherOrganization: { apiKey: env.MEDSCHED_CONFORMANCE_OTHER_ORG_API_KEY },
      };
      const verdicts = (results: Array<{ id: string; status: string }>) => Object.fromEntries(results.map((result) => [result.id, result.status]));
      const [cli, library] = [await conformance(url), await checkConformance({ baseUrl: url, credentials })];
      expect(verdicts(cli.report.results)).toEqual(verdicts(library.results));
      expect(cli.code === 0).toBe(library.ok);
      expect(library.ok).toBe(deployment === 'the reference server');
      // Two whole runs on a machine shared with other test files: a bound, not a timing.
    });
  }
});
