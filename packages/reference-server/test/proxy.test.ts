import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { calendarEntryAnswer } from './support/drifted-entry.js';
import { serverBin, startServerBin, type ServerProcess } from './support/server-bin.js';
import { testTempDir } from '../../../scripts/test-temp-dir.mjs';

// `medsched-server proxy` as people run it: its own process, in front of a target. The target is
// the reference server (traffic that keeps the contract) or a small hand-written server that
// breaks it in a known way (a renamed field, a wrong status).
const key = { 'x-api-key': 'msk_demo_sonnen_user' };
const sonnen = '64d001000000000000000001';

let target: ServerProcess;
let drifted: Server;
let driftedUrl: string;
beforeAll(async () => {
  target = await startServerBin(['--port', '0']);
  // Answers one entry with `isBaked` instead of `baked`, and creates with 200 instead of 201.
  drifted = createServer((req, res) => {
    req.resume();
    if (req.method === 'POST') return void res.writeHead(200, { 'content-type': 'application/json' }).end(calendarEntryAnswer({ baked: false }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(calendarEntryAnswer({ isBaked: true }));
  });
  await new Promise<void>((resolve) => drifted.listen(0, '127.0.0.1', resolve));
  driftedUrl = `http://127.0.0.1:${(drifted.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  target?.kill();
  drifted?.closeAllConnections();
  await new Promise((resolve) => drifted?.close(resolve));
});

describe('medsched-server proxy', () => {
  it('proxy --help prints the proxy’s own flags, not the whole server help', () => {
    const help = execFileSync(process.execPath, [serverBin, 'proxy', '--help'], { encoding: 'utf8' });
    for (const flag of ['--target URL', '--allowed-hosts', '--redact-fields', '--max-log-mb', '--violations FILE', '--record DIR']) expect(help).toContain(flag);
    expect(help).not.toContain('--quota-entries');
  });

  it('passes traffic through unchanged and reports nothing while both sides keep the contract', async () => {
    const proxy = await startServerBin(['proxy', '--target', target.url, '--port', '0']);
    try {
      const direct = await fetch(`${target.url}/organizations/${sonnen}`, { headers: key });
      const through = await fetch(`${proxy.url}/organizations/${sonnen}`, { headers: key });
      expect(through.status).toBe(200);
      expect(await through.json()).toEqual(await direct.json());
      const refused = await fetch(`${proxy.url}/calendars/ffffffffffffffffffffffff`, { headers: key });
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(await proxy.stop()).toBe(0);
    } finally {
      proxy.kill();
    }
  });

  it('reports a renamed field and a wrong status with operation, field path and expectation, on stderr and as JSON lines; exit 10', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'medsched-proxy-')), 'violations.jsonl');
    const proxy = await startServerBin(['proxy', '--target', driftedUrl, '--port', '0', '--violations', file]);
    let stderr = '';
    proxy.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      expect((await fetch(`${proxy.url}/calendars/64d005000000000000000001`, { headers: key })).status).toBe(200);
      await fetch(`${proxy.url}/calendars/`, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ patient: '64d002000000000000000003', date: '2026-01-05' }),
      });
      expect(await proxy.stop()).toBe(10);
    } finally {
      proxy.kill();
    }
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      expect.objectContaining({
        operation: 'calendars.get',
        side: 'response',
        method: 'GET',
        path: '/v1/calendars/64d005000000000000000001',
        status: 200,
        field: 'baked',
        expected: 'Invalid input: expected boolean, received undefined',
      }),
      expect.objectContaining({ operation: 'calendars.create', side: 'response', method: 'POST', status: 200, field: 'status', expected: '201' }),
    ]);
    expect(stderr).toContain('contract: calendars.get GET /v1/calendars/64d005000000000000000001 → 200: response baked: Invalid input: expected boolean, received undefined');
  });

  it('refuses a body over 16 MiB itself with a 413 problem, and keeps serving', async () => {
    const proxy = await startServerBin(['proxy', '--target', target.url, '--port', '0']);
    try {
      const huge = await fetch(`${proxy.url}/calendars/`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: 'x'.repeat(16 * 1024 * 1024 + 1) });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({ code: 'payload_too_large' });
      expect((await fetch(`${proxy.url}/organizations/${sonnen}`, { headers: key })).status).toBe(200);
    } finally {
      proxy.kill();
    }
  });

  it('reports a request that breaks the contract, naming the parameter', async () => {
    const proxy = await startServerBin(['proxy', '--target', target.url, '--port', '0']);
    let stderr = '';
    proxy.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      expect((await fetch(`${proxy.url}/calendars/?limit=0`, { headers: key })).status).toBe(400);
      expect(await proxy.stop()).toBe(10);
    } finally {
      proxy.kill();
    }
    expect(stderr).toContain('contract: calendars.list GET /v1/calendars/?limit=0 → 400: request query.limit: Too small: expected number to be >=1, received "0"');
  });

  it('records a session that serve --scenario answers the same, with its own replay key and no key of the target', async () => {
    const dir = testTempDir('medsched-record-');
    const proxy = await startServerBin(['proxy', '--target', target.url, '--port', '0', '--record', dir]);
    const paths = [`/organizations/${sonnen}`, `/users/?organization=${sonnen}`, '/calendars/?limit=5'];
    const recorded: unknown[] = [];
    try {
      for (const path of paths) recorded.push(await (await fetch(`${proxy.url}${path}`, { headers: key })).json());
      expect(await proxy.stop()).toBe(0);
    } finally {
      proxy.kill();
    }
    const file = join(dir, 'scenario.json');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('msk_demo_');
    const apiKey = (JSON.parse(text) as { credentials: Array<{ apiKey: string }> }).credentials[0]!.apiKey;
    const replay = await startServerBin(['--port', '0', '--scenario', file]);
    try {
      expect(replay.stdout()).toContain(`replay key:   admin of organization ${sonnen}: ${apiKey}`);
      for (const [index, path] of paths.entries()) expect(await (await fetch(`${replay.url}${path}`, { headers: { 'x-api-key': apiKey } })).json(), path).toEqual(recorded[index]);
      expect((await fetch(`${replay.url}/organizations/${sonnen}`, { headers: key })).status).toBe(401);
    } finally {
      replay.kill();
    }
  });

  it('serve --scenario with a new --data file starts the sandbox from the scenario and keeps it; an existing file is refused', async () => {
    const dir = testTempDir('medsched-record-');
    const proxy = await startServerBin(['proxy', '--target', target.url, '--port', '0', '--record', dir]);
    try {
      expect((await fetch(`${proxy.url}/organizations/${sonnen}`, { headers: key })).status).toBe(200);
      expect(await proxy.stop()).toBe(0);
    } finally {
      proxy.kill();
    }
    const file = join(dir, 'scenario.json');
    const apiKey = (JSON.parse(readFileSync(file, 'utf8')) as { credentials: Array<{ apiKey: string }> }).credentials[0]!.apiKey;
    const replayKey = { 'x-api-key': apiKey };
    const data = join(dir, 'sandbox.data');
    const first = await startServerBin(['--port', '0', '--scenario', file, '--data', data]);
    let created: { id: string };
    try {
      expect(first.stdout()).toContain(`(scenario: ${file}, kept in ${data})`);
      expect(first.stdout()).toContain(`replay key:   admin of organization ${sonnen}: ${apiKey}`);
      const answer = await fetch(`${first.url}/medications/`, {
        method: 'POST',
        headers: { ...replayKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kept 5 mg', organization: sonnen }),
      });
      expect(answer.status).toBe(201);
      created = (await answer.json()) as { id: string };
      expect(await first.stop()).toBe(0);
    } finally {
      first.kill();
    }
    // The next start from the data file alone has the scenario's records and what was written.
    const again = await startServerBin(['--port', '0', '--data', data]);
    try {
      expect((await fetch(`${again.url}/organizations/${sonnen}`, { headers: replayKey })).status).toBe(200);
      expect(await (await fetch(`${again.url}/medications/${created.id}`, { headers: replayKey })).json()).toMatchObject({ name: 'Kept 5 mg' });
    } finally {
      again.kill();
    }
    // A scenario never silently replaces (or is silently ignored beside) a sandbox the file holds.
    const refused = spawnSync(process.execPath, [serverBin, '--port', '0', '--scenario', file, '--data', data], { encoding: 'utf8', timeout: 60_000 });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('already holds a sandbox');
    expect(refused.stdout).not.toContain('listening on');
  });
});
