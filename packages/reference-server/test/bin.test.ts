import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverBin as bin, startServerBin } from './support/server-bin.js';
import type { CreatedKey, TokenPair } from './support/answer-shapes.js';

const run = promisify(execFile);

// The root `pnpm test` builds first; a bare `vitest run` before any build skips these.
describe.skipIf(!existsSync(bin))('the medsched-server bin', () => {
  it('credentials --json prints every demo user with its key', async () => {
    const { stdout } = await run(process.execPath, [bin, 'credentials', '--json']);
    const credentials = JSON.parse(stdout) as Array<Record<string, string>>;
    expect(credentials).toHaveLength(12);
    for (const credential of credentials) {
      expect(Object.keys(credential).sort()).toEqual(['accountId', 'apiKey', 'category', 'email', 'organizationId', 'role', 'userId']);
      expect(credential.apiKey).toMatch(/^msk_demo_/);
    }
    expect(new Set(credentials.map((c) => c.role))).toEqual(new Set(['admin', 'user', 'patient', 'onlyself']));
  });

  it('credentials lists no demo keys for a --data server (flag or MEDSCHED_DATA), which refuses them, unless --demo-keys on', async () => {
    const withFlag = await run(process.execPath, [bin, 'credentials', '--json', '--data', '/tmp/any.data']);
    expect(JSON.parse(withFlag.stdout)).toEqual([]);
    expect(withFlag.stderr).toMatch(/refuses the published demo keys/);
    const withVariable = await run(process.execPath, [bin, 'credentials'], { env: { ...process.env, MEDSCHED_DATA: '/tmp/any.data' } });
    expect(withVariable.stdout).not.toMatch(/msk_demo_/);
    const allowed = await run(process.execPath, [bin, 'credentials', '--json', '--data', '/tmp/any.data', '--demo-keys', 'on']);
    expect(JSON.parse(allowed.stdout)).toHaveLength(12);
  });

  it('a restart with --data names the data file it loaded, not a seed it did not use', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'medsched-bin-'));
    try {
      const file = join(directory, 'restart.data');
      const first = await startServerBin(['--port', '0', '--data', file]);
      await first.stop();
      expect(first.stdout()).toMatch(/\(seed: demo\)/);
      const second = await startServerBin(['--port', '0', '--data', file, '--seed', 'empty']);
      await second.stop();
      expect(second.stdout()).toContain(`(data: ${file})`);
      expect(second.stdout()).not.toMatch(/seed: /);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('starts on a free port, serves the demo data, mints tokens, manages keys and stops on SIGTERM', async () => {
    const server = await startServerBin(['--port', '0', '--admin-secret', 'bin-test-secret']);
    const { url } = server;
    try {
      const answer = await fetch(`${url}/organizations/64d001000000000000000001`, { headers: { 'x-api-key': 'msk_demo_sonnen_admin' } });
      expect(answer.status).toBe(200);

      const origin = new URL(url).origin;
      const token = await run(process.execPath, [bin, 'token', '--email', 'user@sonnen.example', '--ttl', '60', '--url', origin]);
      const { accessToken, expiresIn } = JSON.parse(token.stdout) as TokenPair;
      expect(expiresIn).toBe(60);
      expect((await fetch(`${url}/calendars/`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);

      const created = await run(process.execPath, [bin, 'keys', 'create', '--email', 'patient1@sonnen.example', '--description', 'cli', '--url', origin, '--admin-secret', 'bin-test-secret']);
      const key = JSON.parse(created.stdout) as CreatedKey;
      expect((await fetch(`${url}/calendars/`, { headers: { 'x-api-key': key.apiKey } })).status).toBe(200);
      await run(process.execPath, [bin, 'keys', 'revoke', '--id', key.id, '--url', origin, '--admin-secret', 'bin-test-secret']);
      expect((await fetch(`${url}/calendars/`, { headers: { 'x-api-key': key.apiKey } })).status).toBe(401);

      const device = await run(process.execPath, [
        bin,
        'devices',
        'register',
        '--organization',
        '64d001000000000000000001',
        '--name',
        'CLI device',
        '--serial',
        'CLI-1',
        '--url',
        origin,
        '--admin-secret',
        'bin-test-secret',
      ]);
      expect(JSON.parse(device.stdout)).toMatchObject({ name: 'CLI device', status: 'unassigned' });

      expect(await server.stop()).toBe(0);
    } finally {
      server.kill();
    }
  });
});
