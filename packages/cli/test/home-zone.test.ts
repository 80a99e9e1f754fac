import type { RunningServer } from '@medsched/reference-server/node';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
