import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScenario, type Scenario } from '@medsched/reference-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '../src/index.js';
import { testTempDir } from '../../../scripts/test-temp-dir.mjs';

// A session recorded through `medsched-server proxy --record` in front of a real server (the
// reference server as its own process stands in for the deployment), loaded into the mock server
// as its seed: every read of the session answers in the mock as the target answered it.
const serverBin = fileURLToPath(new URL('../../reference-server/dist/node/bin.js', import.meta.url));
const sonnen = '64d001000000000000000001';
const clara = '64d002000000000000000003';
const claraDevice = '64d004000000000000000001';

interface Recorded {
  operation: string | null;
  method: string;
  path: string;
  status: number;
  responseBody: unknown;
}

/** Starts the bin with `args`; resolves with the address it prints (`listening on URL`). */
async function start(args: string[]): Promise<{ child: ChildProcess; url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [serverBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(printed);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${printed}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, url, stop };
}

let scenario: Scenario;
let exchanges: Recorded[];
let recordDir: string;

beforeAll(async () => {
  recordDir = testTempDir('medsched-record-');
  const target = await start(['--port', '0']);
  const proxy = await start(['proxy', '--target', target.url, '--port', '0', '--record', recordDir, '--redact-emails']);
  try {
    const headers = { 'x-api-key': 'msk_demo_sonnen_user', 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${proxy.url}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
      expect(answer.status, `${method} ${path}`).toBeLessThan(300);
      return answer.json() as Promise<unknown>;
    };
    // A bake first, so that the reads show baked entries, devices and alarms.
    await call('POST', '/calendars/bake', { patient: clara, from: '2026-01-05', to: '2026-01-11' });
    const entries = (await call('GET', `/calendars/?patient=${clara}`)) as Array<{ id: string; medication: string }>;
    await call('GET', `/calendars/${entries[0]!.id}`);
    await call('GET', `/medications/${entries[0]!.medication}`);
    await call('GET', `/organizations/${sonnen}`);
    await call('GET', `/users/?organization=${sonnen}`);
    await call('GET', `/calendars/bake?patient=${clara}&from=2026-01-05&to=2026-01-11`);
    await call('GET', `/devices/events/${claraDevice}`);
  } finally {
    await proxy.stop();
    await target.stop();
  }
  scenario = parseScenario(JSON.parse(readFileSync(join(recordDir, 'scenario.json'), 'utf8')));
  exchanges = readFileSync(join(recordDir, 'exchanges.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Recorded);
}, 60_000);

describe('a recorded session as the mock server’s seed', () => {
  it('answers every read of the session as the target did (status and body; dateNow is the clock)', async () => {
    const replay = setupMockApi({ seed: scenario });
    await replay.listen();
    try {
      const { headers } = replay.as(scenario.credentials[0]!);
      const reads = exchanges.filter((exchange) => exchange.method === 'GET');
      expect(reads).toHaveLength(7);
      for (const read of reads) {
        const answer = await fetch(`https://api.medsched.test${read.path}`, { headers });
        const body = (await answer.json()) as Record<string, unknown>;
        if (read.operation === 'bake.get') {
          expect((read.responseBody as { data: unknown[] }).data.length, 'the recorded bake has entries').toBeGreaterThan(0);
          delete body.dateNow;
          delete (read.responseBody as Record<string, unknown>).dateNow;
        }
        expect({ status: answer.status, body }, read.path).toEqual({ status: read.status, body: read.responseBody });
      }
    } finally {
      replay.close();
    }
  });

  it('holds no secret of the recording: no key of the target, no e-mail address (with --redact-emails)', () => {
    const files = readFileSync(join(recordDir, 'scenario.json'), 'utf8') + readFileSync(join(recordDir, 'exchanges.jsonl'), 'utf8');
    expect(files).not.toContain('msk_demo_');
    expect(files).not.toMatch(/@(sonnen|lindenhof)\.example/);
    expect(scenario.credentials).toEqual([expect.objectContaining({ organizationId: sonnen, role: 'admin', apiKey: expect.stringMatching(/^msk_scenario_[0-9a-f]{32}$/) as unknown })]);
  });

  it('refuses a value that is not a scenario, naming the field', () => {
    expect(() => setupMockApi({ seed: { format: 'medsched-scenario/1', records: {} } as unknown as Scenario })).toThrow(/seed.*recordedAt/);
  });
});
