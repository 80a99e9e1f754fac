import { demoId } from '@medsched/reference-server';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from './support/fault-proxy.js';
// An exit code is what the process ends with: these runs start the bin (not the in-process runner).
import { runCliProcess as runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';
import { closedPort } from '../../conformance/test/support/closed-port.js';

let server: RunningServer;
let limited: RunningServer;
let env: Record<string, string>;
const admin = demoUser(0, 'admin');
const otherOrganization = demoUser(1, 'admin').organizationId;

beforeAll(async () => {
  server = await startTestServer();
  // One request per hour: the second gets 429 with a Retry-After longer than the SDK waits.
  limited = await startTestServer({ rateLimit: { limit: 1, windowSeconds: 3600 } });
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey };
});
afterAll(async () => {
  await Promise.all([server.close(), limited.close()]);
  expectNoSecretsInTranscript();
});

/** One error line, then an optional hint, and never a stack trace without --debug. */
function expectOneActionableLine(stderr: string): void {
  expect(stderr).toMatch(/^error: /);
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
}

describe('exit codes', () => {
  it('0 on success', async () => {
    expect((await runCli(['org', 'get', admin.organizationId], env)).code).toBe(0);
  });

  it('2 for usage errors: unknown option, invalid input caught locally, and a 400 from the server', async () => {
    const unknownOption = await runCli(['calendar', 'list', '--colour'], env);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("unknown option '--colour'");
    // Asked for JSON, a misspelt flag or command is the one JSON line of any failure, commander's suggestion (if any) its hint.
    for (const [args, message, hint] of [
      [['calendar', 'list', '--colour', '--json'], "unknown option '--colour'", 'see `medsched --help`, or --help after the command'],
      [['calender', 'list', '-o', 'json'], "unknown command 'calender'", 'Did you mean calendar?'],
      [['calendar', 'get', '--json'], "missing required argument 'entry-id'", 'see `medsched --help`, or --help after the command'],
    ] as const) {
      const json = await runCli([...args], env);
      expect(json.code).toBe(2);
      expect(json.stdout).toBe('');
      expect(json.stderr.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'usage', message, hint, exitCode: 2, written: [] } });
    }

    const local = await runCli(['calendar', 'get', 'xyz'], env);
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('<entry-id> must be an id of 24 lower-case hex characters');
    expectOneActionableLine(local.stderr);

    const fromServer = await runCli(['org', 'update', admin.organizationId, '--data', JSON.stringify({ organization: otherOrganization })], env);
    expect(fromServer.code).toBe(2);
    expect(fromServer.stderr).toMatch(/^error: 400 validation_failed: .*\(request [^)]+\)$/m);
  });

  it('3 for a credential the server does not know', async () => {
    const result = await runCli(['calendar', 'list'], { ...env, MEDSCHED_API_KEY: 'msk_unknown_0000000000' });
    expect(result.code).toBe(3);
    expectOneActionableLine(result.stderr);
  });

  it('4 for a record of another organization, with the request id', async () => {
    const result = await runCli(['org', 'get', otherOrganization], env);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: 403 forbidden: .+ \(request \S+\)$/m);
    // Which credential is in use, and which record is out of reach: a person can act on that.
    expect(result.stderr).toContain(`your credential belongs to organization ${admin.organizationId}; organization ${otherOrganization} belongs to another organization`);
    expectOneActionableLine(result.stderr);
  });

  it('5 for an unknown id', async () => {
    const result = await runCli(['calendar', 'get', demoId(5, 4095)], env);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('404 not_found');
  });

  it('6 for a conflict (a duplicate e-mail in the organization)', async () => {
    const result = await runCli(['user', 'create', '--organization', admin.organizationId, '--name', 'Twin', '--email', admin.email], env);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('409 conflict');
  });

  it('7 when the server cannot be reached, with a hint about the base URL', async () => {
    const result = await runCli(['calendar', 'list'], { ...env, MEDSCHED_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('could not reach');
    expect(result.stderr).toContain('hint: is the server running?');
  });

  it('12 for a rate-limit wait longer than --timeout, with the wait and when to retry; with --json the error is JSON on stderr', async () => {
    const limitedEnv = { ...env, MEDSCHED_BASE_URL: limited.url };
    expect((await runCli(['org', 'get', admin.organizationId], limitedEnv)).code).toBe(0);
    const result = await runCli(['org', 'get', admin.organizationId], limitedEnv);
    expect(result.code).toBe(12);
    expect(result.stderr).toContain('429 rate_limited');
    expect(result.stderr).toMatch(/hint: over the rate limit: the server asked to wait \d+ s; retry at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ or later/);
    expect(result.stderr).not.toMatch(/\n\s+at /);

    const json = await runCli(['org', 'get', admin.organizationId, '--json'], limitedEnv);
    expect(json.code).toBe(12);
    expect(json.stdout).toBe('');
    const { error } = JSON.parse(json.stderr.trim().split('\n').at(-1) as string) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ code: 'rate_limited', exitCode: 12, written: [], unknown: [], notWritten: [] });
    expect(error.retryAfter).toBeGreaterThan(60);
    expect(error.requestId).toEqual(expect.any(String));
    expect(error.message).toContain('429 rate_limited');
  });

  it('7 when --timeout passes; with --json that too is one JSON line on stderr', async () => {
    const proxy = await startFaultProxy(server.url, () => 'hang');
    try {
      const result = await runCli(['org', 'get', admin.organizationId, '--json', '--timeout', '2'], { ...env, MEDSCHED_BASE_URL: proxy.url });
      expect(result.code).toBe(7);
      expect(result.stdout).toBe('');
      const { error } = JSON.parse(result.stderr.trim().split('\n').at(-1) as string) as { error: Record<string, unknown> };
      expect(error).toMatchObject({ code: 'timeout', exitCode: 7, written: [] });
      expect(error.message).toMatch(/^timed out after 2 s/);
    } finally {
      await proxy.close();
    }
  });

  it('--quiet leaves out notes and success lines, never warnings or errors', async () => {
    const loud = await runCli(['bake', 'show', '--all-patients', '--from', '2026-01-05', '--to', '2026-01-11', '--json'], env);
    const quiet = await runCli(['bake', 'show', '--all-patients', '--from', '2026-01-05', '--to', '2026-01-11', '--json', '--quiet'], env);
    expect(loud.code).toBe(0);
    expect(quiet.code).toBe(0);
    expect(loud.stderr).toMatch(/Dates from 2026-01-05/);
    expect(quiet.stderr).not.toMatch(/Dates from/);
    // The result on stdout is the same (but for the server's clock).
    const withoutClock = (text: string) => text.replace(/"dateNow": "[^"]*"/g, '');
    expect(withoutClock(quiet.stdout)).toBe(withoutClock(loud.stdout));
    // A warning stays under --quiet, and in a log (stderr not a terminal) it says when it happened.
    const clara = demoUser(0, 'patient1').userId;
    const warned = await runCli(['bake', 'check', '--all-patients', '--from', '2026-01-05', '--to', '2026-01-11', '--json', '--quiet', '--ack', `no-device:${clara}`], env);
    expect(warned.stderr).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z ! --ack no-device:64d0\w+ matched nothing this time/m);
    const failing = await runCli(['calendar', 'get', demoId(5, 4095), '--quiet'], env);
    expect(failing.code).toBe(5);
    expect(failing.stderr).toMatch(/^error: 404/);
  });

  it('--debug adds the requests and the stack, still without secrets', async () => {
    const result = await runCli(['calendar', 'get', demoId(5, 4095), '--debug'], env);
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z debug: GET \/calendars\/64d0\w+ → 404/m);
    expect(result.stderr).toMatch(/\n\s+at /);
  });
});
