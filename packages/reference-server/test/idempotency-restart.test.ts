import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { org1 } from './support/demo.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';

/**
 * Idempotency-Keys survive a restart with `--data` (issue 33): the kept answer is journaled
 * before it is sent, so a retry after a SIGKILL and a restart gets the first answer again and no
 * second record. Keys are scoped per user: the same user's bearer token replays its API key's answer.
 */

const directory = mkdtempSync(join(tmpdir(), 'medsched-idempotency-'));
const running = new Set<ServerProcess>();
afterEach(() => {
  for (const server of running) server.kill();
  running.clear();
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function start(file: string): Promise<ServerProcess> {
  const server = await startServerBin(['--port', '0', '--seed', 'demo', '--demo-keys', 'on', '--data', file]);
  running.add(server);
  return server;
}

function killed(server: ServerProcess): Promise<unknown> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.kill();
  return exited;
}

const create = (url: string, headers: Record<string, string>, body: string) =>
  fetch(`${url}/calendars/`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'restart-1', ...headers }, body });

async function countNamed(url: string, name: string): Promise<number> {
  const answer = await fetch(`${url}/calendars/?patient=${org1.patient.userId}&search=${encodeURIComponent(name)}&limit=100`, { headers: { 'x-api-key': org1.admin.apiKey } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as unknown[]).length;
}

describe('an Idempotency-Key after SIGKILL and a restart with --data', () => {
  it('replays the first answer (keys in another order, a bearer token of the same user) and makes no second record', async () => {
    const file = join(directory, 'restart.data');
    const name = `Restart replay ${process.pid}`;
    const first = await start(file);
    const created = await create(
      first.url,
      { 'x-api-key': org1.admin.apiKey },
      JSON.stringify({ patient: org1.patient.userId, name, date: '2026-03-01', intakeTime: '08:00', meta: { strength: '400 mg', form: 'tablet' } }),
    );
    const firstText = await created.text();
    expect(created.status, firstText).toBe(201);
    await killed(first);

    const second = await start(file);
    // The same user signed in with a token: same scope as the API key.
    const signIn = await fetch(`${second.url.replace(/\/v1$/, '')}/dev/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: org1.admin.apiKey, ttlSeconds: 60 }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const replay = await create(
      second.url,
      { authorization: `Bearer ${accessToken}` },
      JSON.stringify({ meta: { form: 'tablet', strength: '400 mg' }, intakeTime: '08:00', name, date: '2026-03-01', patient: org1.patient.userId }),
    );
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstText);
    expect(await countNamed(second.url, name)).toBe(1);
    // Another body under the same key is still 422 after the restart.
    const other = await create(
      second.url,
      { 'x-api-key': org1.admin.apiKey },
      JSON.stringify({ patient: org1.patient.userId, name: `${name} 2`, date: '2026-03-01', intakeTime: '08:00', meta: { strength: '400 mg', form: 'tablet' } }),
    );
    expect(other.status).toBe(422);
    await killed(second);

    // And again after a second restart (the answer was written into the new snapshot at start).
    const third = await start(file);
    const again = await create(
      third.url,
      { 'x-api-key': org1.admin.apiKey },
      JSON.stringify({ name, patient: org1.patient.userId, date: '2026-03-01', intakeTime: '08:00', meta: { form: 'tablet', strength: '400 mg' } }),
    );
    expect(await again.text()).toBe(firstText);
    expect(await countNamed(third.url, name)).toBe(1);
  }, 60_000);
});
