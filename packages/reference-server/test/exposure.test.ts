import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { org1 } from './support/demo.js';
import { serverBin, startServerBin, type ServerProcess } from './support/server-bin.js';
import type { Problem } from '@medsched/sdk';
import type { CreatedKey } from './support/answer-shapes.js';

// Each test starts medsched-server processes on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * Credentials fit where the server runs (issue 19). `127.0.0.2` stands for an address beyond
 * loopback (the server treats every --host but 127.0.0.1, ::1 and localhost so); the tests
 * call it from this machine, so nothing listens outside loopback.
 */
const directory = mkdtempSync(join(tmpdir(), 'medsched-exposure-'));
const servers: ServerProcess[] = [];
const longSecret = 'exposure-test-admin-secret-0123456789';

afterAll(() => {
  for (const server of servers) server.kill();
  rmSync(directory, { recursive: true, force: true });
});

async function start(args: string[]): Promise<ServerProcess & { origin: string }> {
  const server = await startServerBin(['--port', '0', ...args]);
  servers.push(server);
  return Object.assign(server, { origin: new URL(server.url).origin });
}

async function call<Body = unknown>(origin: string, path: string, init: { method?: string; headers?: Record<string, string>; json?: unknown } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: { ...init.headers, ...(init.json !== undefined && { 'content-type': 'application/json' }) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, text, body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as Body };
}

/** The generated keys a server printed: e-mail → key. */
function printedKeys(stdout: string): Map<string, string> {
  return new Map([...stdout.matchAll(/^\s+(\S+@\S+)\s+\w+\s+(msk_[0-9a-f]{48})$/gm)].map((match) => [match[1]!, match[2]!]));
}

describe('on loopback (127.0.0.1), in memory: as easy as before', () => {
  it('the demo keys work and the admin secret signs in as anyone, each sign-in logged', async () => {
    const server = await start(['--admin-secret', 'short']);
    expect((await call(server.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': org1.admin.apiKey } })).status).toBe(200);
    const signIn = await call(server.origin, '/dev/token', { headers: { 'x-admin-secret': 'short' }, json: { email: org1.user.email } });
    expect(signIn.status).toBe(200);
    const logged = new Promise<string>((resolve) => server.child.stderr.on('data', (chunk: Buffer) => resolve(chunk.toString())));
    expect(await logged).toContain(`signed in as ${org1.user.accountId} with the admin secret (client 127.0.0.1)`);
  });
});

describe('beyond loopback (--host 127.0.0.2)', () => {
  it('refuses an admin secret shorter than 32 characters (exit code 2)', () => {
    const result = spawnSync(process.execPath, [serverBin, '--port', '0', '--host', '127.0.0.2', '--admin-secret', 'short-secret'], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--admin-secret must have at least 32 characters');
  });

  it('the demo keys are off, its own keys are printed at start, sign-in as another user is off', async () => {
    const server = await start(['--host', '127.0.0.2', '--admin-secret', longSecret]);
    expect(server.url).toContain('http://127.0.0.2:');
    for (const credential of [org1.admin, org1.user, org1.patient]) {
      const refused = await call<Problem>(server.origin, `/v1/calendars/`, { headers: { 'x-api-key': credential.apiKey } });
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toContain('demo keys');
      expect((await call(server.origin, '/dev/token', { json: { apiKey: credential.apiKey } })).status).toBe(401);
    }
    const keys = printedKeys(server.stdout());
    expect(keys.size).toBe(12);
    const adminKey = keys.get(org1.admin.email)!;
    expect((await call(server.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': adminKey } })).status).toBe(200);
    expect((await call(server.origin, '/dev/token', { json: { apiKey: adminKey } })).status).toBe(200);

    const asAnother = await call<Problem>(server.origin, '/dev/token', { headers: { 'x-admin-secret': longSecret }, json: { email: org1.user.email } });
    expect(asAnother.status).toBe(403);
    expect(asAnother.body.detail).toContain('off on a server reachable beyond loopback');
    // The administration routes still work with the (long) secret: keys are made there.
    const made = await call<CreatedKey>(server.origin, '/dev/admin/keys', { headers: { 'x-admin-secret': longSecret }, json: { email: org1.user.email } });
    expect(made.status).toBe(201);
    expect((await call(server.origin, `/v1/calendars/`, { headers: { 'x-api-key': made.body.apiKey } })).status).toBe(200);
    const demoNamed = await call(server.origin, '/dev/admin/keys', { headers: { 'x-admin-secret': longSecret }, json: { email: org1.user.email, apiKey: 'msk_demo_sonnen_user2' } });
    expect(demoNamed.status).toBe(400);
    // The home page shows no demo keys.
    const home = await call(server.origin, '/');
    expect(home.status).toBe(200);
    expect(home.text).not.toContain('msk_demo_');
  });

  it('/dev/* counts toward the failed-authentication limit, with /v1', async () => {
    const server = await start(['--host', '127.0.0.2', '--admin-secret', longSecret, '--auth-failure-limit', '5/60']);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const paths = ['/dev/admin/keys?email=x@example.org', '/dev/token'];
      const answer =
        attempt % 2 === 0
          ? await call(server.origin, paths[0]!, { headers: { 'x-admin-secret': `wrong-${attempt}-0123456789012345678901234567` } })
          : await call(server.origin, paths[1]!, { json: { apiKey: `msk_guess_${attempt}_abcdefgh` } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The client is limited on /v1 too, even with a good key, until the window ends.
    const adminKey = printedKeys(server.stdout()).get(org1.admin.email)!;
    expect((await call(server.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': adminKey } })).status).toBe(429);
  });

  it('--demo-keys on turns them back on, with a warning', async () => {
    const server = await start(['--host', '127.0.0.2', '--demo-keys', 'on']);
    expect(server.stdout()).toContain('warning:      --demo-keys on');
    expect((await call(server.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': org1.admin.apiKey } })).status).toBe(200);
  });
});

describe('a persistent server (--data) on loopback', () => {
  it('gets keys of its own, printed once at its first start; the demo keys are off unless --demo-keys on', async () => {
    const file = join(directory, 'own-keys.data');
    const first = await start(['--data', file]);
    const keys = printedKeys(first.stdout());
    expect(keys.size).toBe(12);
    const adminKey = keys.get(org1.admin.email)!;
    expect((await call(first.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': org1.admin.apiKey } })).status).toBe(401);
    expect((await call(first.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': adminKey } })).status).toBe(200);
    await first.stop();

    const second = await start(['--data', file]);
    expect(printedKeys(second.stdout()).size).toBe(0);
    expect(second.stdout()).not.toContain(adminKey);
    expect((await call(second.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': adminKey } })).status).toBe(200);
    await second.stop();

    const third = await start(['--data', file, '--demo-keys', 'on']);
    // The file holds no demo keys: switching them on adds none.
    expect((await call(third.origin, `/v1/organizations/${org1.id}`, { headers: { 'x-api-key': org1.admin.apiKey } })).status).toBe(401);
    await third.stop();
  });
});
