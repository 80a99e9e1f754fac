/**
 * The in-process runner (src/run.ts, dist/run.js) is honest: the same invocations run in this
 * process and as the bin's own process give the same exit code, stdout and stderr. Most CLI
 * tests run in-process (support/run-cli.ts); this file is why their results say what the bin does.
 * Each pair runs against its own fresh reference server (same seed), so that a write finds the
 * same state both times. Only what differs between any two runs is made alike before comparing:
 * request ids, instants the server stamps, and elapsed or retry times.
 */
import { join } from 'node:path';
import { demoId } from '@medsched/reference-server';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type Fault } from './support/fault-proxy.js';
import { cliBin, cliEnv, runCliProcess, tempConfigDir, type CliResult } from './support/run-cli.js';
import { runInProcess, runsAlikeInProcess } from './support/run-in-process.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';
import { closedPort } from '../../conformance/test/support/closed-port.js';

const admin = demoUser(0, 'admin');
/** One server per way of running: [in-process, process]. */
let servers: [RunningServer, RunningServer];

beforeAll(async () => {
  servers = [await startTestServer(), await startTestServer()];
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  expectNoSecretsInTranscript();
});

/**
 * What may differ between two runs of the same command: request ids, server time stamps, elapsed
 * and retry times, and (unless `keepWaiting`) whether a request waited long enough on a loaded
 * machine for a "Waiting for the server" line.
 */
function alike(result: CliResult, keepWaiting = false): CliResult {
  const normal = (text: string) =>
    (keepWaiting ? text : text.replace(/^Waiting for the server: .*\n/gm, ''))
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<instant>')
      .replace(/request [\w-]+/g, 'request <id>')
      .replace(/"requestId": ?"[\w-]+"/g, '"requestId":"<id>"')
      .replace(/\b\d+(\.\d+)? (s|ms)\b/g, '<n> $2');
  return { code: result.code, stdout: normal(result.stdout), stderr: normal(result.stderr) };
}

/** The first series (an entry with a rule) of a patient, read from the server past the CLI. */
async function seriesOf(server: RunningServer, patient: string): Promise<{ id: string }> {
  const response = await fetch(`${server.url}/calendars/?patient=${patient}&limit=100`, { headers: { 'x-api-key': admin.apiKey } });
  const entries = (await response.json()) as Array<{ id: string; rrule: string | null }>;
  return entries.find((entry) => typeof entry.rrule === 'string') as { id: string };
}

/**
 * Runs `args` in-process (against servers[0], or what `baseUrl` makes of it) and as a process
 * (servers[1]), each in its own config directory, and returns both results, made alike.
 */
async function bothWays(
  args: string[],
  options: { env?: Record<string, string>; input?: string; baseUrl?: (server: RunningServer) => Promise<string> | string; keepWaiting?: boolean } = {},
): Promise<[CliResult, CliResult]> {
  const envFor = async (server: RunningServer) => ({
    MEDSCHED_CONFIG_DIR: tempConfigDir(),
    MEDSCHED_BASE_URL: options.baseUrl ? await options.baseUrl(server) : server.url,
    MEDSCHED_API_KEY: admin.apiKey,
    ...options.env,
  });
  const inProcessEnv = cliEnv(await envFor(servers[0]));
  expect(runsAlikeInProcess(inProcessEnv)).toBe(true);
  const inProcess = await runInProcess(args, inProcessEnv, options.input ?? '', cliBin);
  const asProcess = await runCliProcess(args, await envFor(servers[1]), options.input);
  return [alike(inProcess, options.keepWaiting), alike(asProcess, options.keepWaiting)];
}

describe('in-process runs answer as the bin does', () => {
  it.each([[['--version']], [['--help']], [[]], [['bake', '--help']], [['calendar', 'list', '--colour']], [['nonsense']]])('help, version and usage errors: %j', async (args) => {
    const [inProcess, asProcess] = await bothWays(args);
    expect(inProcess).toEqual(asProcess);
  });

  it('a data command in --json, in a table, and through --jq', async () => {
    for (const args of [
      ['org', 'get', admin.organizationId, '--json'],
      ['patients', 'list', '--output', 'table'],
      ['org', 'get', admin.organizationId, '--jq', '.name'],
    ]) {
      const [inProcess, asProcess] = await bothWays(args);
      expect(inProcess.code, inProcess.stderr).toBe(0);
      expect(inProcess).toEqual(asProcess);
    }
  });

  it('failures: a record not found (5), a server nobody answers at (7), an unknown key (3)', async () => {
    const notFound = await bothWays(['calendar', 'get', demoId(5, 4095)]);
    expect(notFound[0].code).toBe(5);
    expect(notFound[0]).toEqual(notFound[1]);
    const port = await closedPort();
    const unreachable = await bothWays(['org', 'get', admin.organizationId], { baseUrl: () => `http://127.0.0.1:${port}/v1` });
    expect(unreachable[0].code).toBe(7);
    expect(unreachable[0]).toEqual(unreachable[1]);
    const unknownKey = await bothWays(['org', 'get', admin.organizationId, '--json'], { env: { MEDSCHED_API_KEY: 'msk_unknown_0000000000' } });
    expect(unknownKey[0].code).toBe(3);
    expect(unknownKey[0]).toEqual(unknownKey[1]);
  });

  it('the --timeout deadline ends the run from its timer (exit 7), plain and in --json', async () => {
    for (const json of [false, true]) {
      const proxies: Array<{ close(): Promise<void> }> = [];
      try {
        const result = await bothWays(['org', 'get', admin.organizationId, '--timeout', '1', ...(json ? ['--json'] : [])], {
          baseUrl: async (server) => {
            const proxy = await startFaultProxy(server.url, () => 'hang');
            proxies.push(proxy);
            return proxy.url;
          },
          keepWaiting: true,
        });
        expect(result[0].code, result[0].stderr).toBe(7);
        // No waiting line raced against the deadline's report: a request has waited its first
        // second only once less than half a second of a 1 s deadline is left.
        expect(result.map((one) => one.stderr)).not.toContainEqual(expect.stringContaining('Waiting for the server'));
        expect(result[0]).toEqual(result[1]);
      } finally {
        await Promise.all(proxies.map((proxy) => proxy.close()));
      }
    }
  });

  it('a body read from stdin (--data -) is sent and answered alike', async () => {
    const [inProcess, asProcess] = await bothWays(['org', 'update', admin.organizationId, '--data', '-', '--json'], { input: JSON.stringify({ name: 'Sonnenhof am See' }) });
    expect(inProcess.code, inProcess.stderr).toBe(0);
    expect(inProcess.stdout).toContain('Sonnenhof am See');
    expect(inProcess).toEqual(asProcess);
  });

  it('a write stopped after part of it: the same journal on stderr and exit 9, plain and in --json', async () => {
    const erika = demoUser(0, 'patient3');
    const week = ['--from', '2026-01-05', '--to', '2026-01-07'];
    // The same seed on both servers: the same series id.
    const seriesIds = await Promise.all(servers.map(async (server) => (await seriesOf(server, erika.userId)).id));
    expect(new Set(seriesIds).size).toBe(1);
    for (const [amount, json] of [
      ['2', false],
      ['3', true],
    ] as const) {
      // Set-up (not compared: the ids of what a bake creates differ between servers): the week baked on both.
      const baked = await bothWays(['bake', '--patient', erika.userId, ...week, '--yes']);
      expect([baked[0].code, baked[1].code]).toEqual([0, 0]);
      const proxies: Array<{ close(): Promise<void> }> = [];
      try {
        // The series update and the unbake pass; the bake with the new values is refused (422: not retried).
        const result = await bothWays(['calendar', 'update', seriesIds[0] as string, '--amount', amount, '--rebake', '--yes', ...(json ? ['--json'] : [])], {
          baseUrl: async (server) => {
            const proxy = await startFaultProxy(server.url, (method, path): Fault => (method === 'POST' && path === '/calendars/bake' ? { status: 422 } : 'pass'));
            proxies.push(proxy);
            return proxy.url;
          },
        });
        expect(result[0].code, result[0].stderr).toBe(9);
        expect(result[0].stderr).toMatch(json ? /"written":\["update series/ : /written: {5}update series/);
        expect(result[0]).toEqual(result[1]);
      } finally {
        await Promise.all(proxies.map((proxy) => proxy.close()));
      }
    }
  });

  it("the environment is the run's own: the config folder from XDG_CONFIG_HOME and HOME, colours off by NO_COLOR", async () => {
    const folder = tempConfigDir();
    const environments: Array<Record<string, string>> = [{ XDG_CONFIG_HOME: folder }, { HOME: folder, XDG_CONFIG_HOME: '' }];
    for (const env of environments) {
      const [inProcess, asProcess] = await bothWays(['config', 'path'], { env: { ...env, MEDSCHED_CONFIG_DIR: '' } });
      expect(inProcess.stdout).toContain(join(folder, 'HOME' in env ? '.config/medsched-nodejs' : 'medsched-nodejs'));
      expect(inProcess).toEqual(asProcess);
    }
    const [inProcess, asProcess] = await bothWays(['calendar', 'list', '--colour'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(inProcess).toEqual(asProcess);
  });

  it("another time zone than the worker's, or other Node options, runs as a process", () => {
    expect(runsAlikeInProcess(cliEnv({}))).toBe(true);
    expect(runsAlikeInProcess(cliEnv({ TZ: 'Europe/Berlin' }))).toBe(false);
    expect(runsAlikeInProcess(cliEnv({ NODE_OPTIONS: '--import ./fake-clock.mjs' }))).toBe(false);
  });
});
