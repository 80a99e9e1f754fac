import type { RunningServer } from '@medsched/reference-server/node';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@medsched/sdk';
import { startFaultProxy } from './support/fault-proxy.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { demoUser, startTestServer } from './support/test-server.js';

// Home-wide commands read their dates in the organization's zone (the demo organization keeps
// Europe/Berlin), and say so, on a machine in UTC with no zone chosen; --tz still wins.
let server: RunningServer;
let env: Record<string, string>;
const range = ['--from', '2026-11-30', '--to', '2026-12-06'];
const saysBerlin = /Zone Europe\/Berlin: .+'s \(set another with --tz/;

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: demoUser(0, 'admin').apiKey, TZ: 'UTC' };
});
afterAll(async () => {
  await server.close();
});

describe('home-wide dates in the organization zone', () => {
  it('bake show, bake check, unbake and plan of every patient name the organization zone, not the machine zone', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'medsched-home-zone-')), 'plans.pdf');
    const runs = [
      ['bake', 'show', '--all-patients', ...range, '--json'],
      ['bake', 'check', '--all-patients', ...range],
      ['unbake', '--all-patients', ...range, '--dry-run'],
      ['plan', '--all-patients', ...range, '--out', out],
    ];
    for (const args of runs) {
      const result = await runCli(args, env);
      expect(result.stderr, args.join(' ')).toMatch(saysBerlin);
      expect(result.stderr, args.join(' ')).toMatch(/Dates from 2026-11-30 \(Mon\) to 2026-12-06 \(Sun\), Europe\/Berlin/);
    }
    const chosen = await runCli(['bake', 'show', '--all-patients', ...range, '--json', '--tz', 'America/New_York'], env);
    expect(chosen.stderr).not.toMatch(saysBerlin);
    expect(chosen.stderr).toMatch(/America\/New_York/);
  });
});

describe('no guessed week: the zone of a home-wide write is read, or nothing is sent', () => {
  const week = ['--from', '2027-02-01', '--to', '2027-02-07'];
  const admin = demoUser(0, 'admin');

  /** Baked intakes of the organization's demo patients in `week`, read back through the SDK. */
  async function bakedInWeek(): Promise<number> {
    const sdk = createClient({ baseUrl: server.url, apiKey: admin.apiKey });
    let baked = 0;
    for await (const user of sdk.users.iterate({ organization: admin.organizationId, limit: 100 })) {
      if (user.role === 'patient' || user.role === 'onlyself') baked += (await sdk.calendars.bake.get({ patient: user.id, from: week[1] as string, to: week[3] as string })).data.length;
    }
    return baked;
  }

  it('503s on the organization: its own exit code, not the machine zone, and no bake', async () => {
    const proxy = await startFaultProxy(server.url, (method, path) => (method === 'GET' && path.startsWith('/organizations/') ? { status: 503 } : 'pass'));
    try {
      const result = await runCli(['bake', '--all-patients', ...week, '--yes'], { ...env, MEDSCHED_BASE_URL: proxy.url });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain('503');
      expect(result.stderr).toContain('zone could not be read, so its dates are not known and nothing was sent');
      expect(result.stderr).not.toMatch(/names none|this machine's/);
      expect(proxy.forwarded.filter((line) => line.startsWith('POST'))).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(await bakedInWeek()).toBe(0);
  }, 120_000);

  it('server down (7) and key refused (3) stop with their own codes, never "names none"', async () => {
    // A port nobody listens on: bound, noted and closed again.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const down = await runCli(['bake', '--all-patients', ...week, '--yes'], { ...env, MEDSCHED_BASE_URL: `http://127.0.0.1:${port}/v1` });
    expect(down.code).toBe(7);
    expect(down.stderr).not.toMatch(/names none/);
    const refused = await runCli(['bake', '--all-patients', ...week, '--yes'], { ...env, MEDSCHED_API_KEY: 'msk_wrong_key_for_the_zone_test' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).not.toMatch(/names none/);
    expect(await bakedInWeek()).toBe(0);
  }, 120_000);

  it('"names none" only where the organization really names none', async () => {
    const other = demoUser(1, 'admin');
    const sdk = createClient({ baseUrl: server.url, apiKey: other.apiKey });
    await sdk.organizations.update(other.organizationId, { organization: other.organizationId, meta: {} });
    const result = await runCli(['bake', 'show', '--all-patients', ...week, '--json'], { ...env, MEDSCHED_API_KEY: other.apiKey });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Zone UTC: this machine's, as Haus Lindenhof names none/);
  }, 120_000);
});
