import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorsPolicy, defaultCorsOrigins, parseCorsOrigins } from '../src/pipeline/cors.js';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { raw, startTestServer, withKey } from './support/server.js';
import { startServerBin } from './support/server-bin.js';
import type { Problem } from '@medsched/sdk';

/**
 * Cross-origin access over real HTTP: preflights answered without a credential, CORS headers on
 * answers for allowed origins only, never credentials by cookie; origins configurable.
 */

let server: RunningServer;
let configured: RunningServer;

beforeAll(async () => {
  [server, configured] = await Promise.all([startTestServer(), startTestServer({ cors: { origins: ['https://app.example.com', 'http://dev.example.test:*'] } })]);
});
afterAll(() => Promise.all([server.close(), configured.close()]));

const preflight = (target: RunningServer, origin: string, path = `/v1/organizations/${org1.id}`) =>
  raw(target, 'OPTIONS', path, {
    headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'x-api-key, content-type, idempotency-key' },
  });

describe('preflight', () => {
  it('is answered 204 without a credential for a localhost dev server, with the methods and headers the API uses', async () => {
    const answer = await preflight(server, 'http://localhost:5173');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(answer.headers.get('access-control-allow-methods')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']));
    expect(answer.headers.get('access-control-allow-headers')?.split(', ')).toEqual(expect.arrayContaining(['x-api-key', 'authorization', 'content-type', 'x-request-id', 'idempotency-key']));
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('vary')).toContain('origin');
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });

  it('is answered for 127.0.0.1 on any port, for the development routes and for unknown paths alike', async () => {
    for (const path of ['/v1/calendars/', '/dev/token', '/v1/no-such-thing']) {
      const answer = await preflight(server, 'http://127.0.0.1:3000', path);
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    }
  });

  it('refuses a remote web site with 403 and no CORS headers, so a browser blocks the call', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example:80', 'null', 'https://localhost:5173']) {
      const answer = await preflight(server, origin);
      expect(answer.status, origin).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect((answer.body as Problem).detail).toContain('--cors-origins');
    }
  });

  it('follows the configured origins instead of the default', async () => {
    expect((await preflight(configured, 'https://app.example.com')).status).toBe(204);
    expect((await preflight(configured, 'http://dev.example.test:8080')).headers.get('access-control-allow-origin')).toBe('http://dev.example.test:8080');
    expect((await preflight(configured, 'http://localhost:5173')).status).toBe(403);
  });

  it('an OPTIONS request that is no preflight goes the normal way (credential first)', async () => {
    expect((await raw(server, 'OPTIONS', `/v1/organizations/${org1.id}`)).status).toBe(401);
  });
});

describe('answers', () => {
  it('carry the origin and the exposed headers for an allowed origin, also on errors', async () => {
    const ok = await raw(server, 'GET', `/v1/users/?organization=${org1.id}&limit=2`, { headers: { ...withKey('msk_demo_sonnen_admin'), origin: 'http://localhost:5173' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('access-control-expose-headers')?.split(', ')).toEqual(
      expect.arrayContaining(['x-request-id', 'x-total-count', 'link', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']),
    );
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    const unauthenticated = await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: { origin: 'http://localhost:5173' } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('carry no CORS headers for other origins or without Origin, and vary by origin', async () => {
    const other = await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: { ...withKey('msk_demo_sonnen_admin'), origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const none = await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey('msk_demo_sonnen_admin') });
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
    expect(none.headers.get('vary')).toContain('origin');
  });
});

describe('origin rules', () => {
  it('reads the flag forms and explains mistakes', () => {
    expect(parseCorsOrigins('*')).toEqual({ ok: true, origins: ['*'] });
    expect(parseCorsOrigins('none')).toEqual({ ok: true, origins: [] });
    expect(parseCorsOrigins(' https://App.Example.com/ , http://localhost:* ')).toEqual({ ok: true, origins: ['https://app.example.com', 'http://localhost:*'] });
    for (const bad of ['', 'localhost:5173', 'https://app.example.com/path', 'ftp://x.example', 'http://x:99999', 'http://user@x.example']) {
      const parsed = parseCorsOrigins(bad);
      expect(parsed.ok, bad).toBe(false);
    }
  });

  it('refuses ports no browser sends: 0, past 65535, a leading zero (found by the fuzzed test below)', () => {
    const policy = new CorsPolicy();
    for (const origin of ['http://localhost:0', 'http://127.0.0.1:0', 'http://[::1]:0', 'http://localhost:65536', 'http://localhost:080']) {
      expect(policy.allows(origin), origin).toBe(false);
    }
    expect(policy.allows('http://localhost:1')).toBe(true);
  });

  it('* allows every origin with a literal *; none allows nothing', () => {
    expect(new CorsPolicy({ origins: ['*'] }).allows('https://anything.example')).toBe(true);
    expect(new CorsPolicy({ origins: [] }).allows('http://localhost:5173')).toBe(false);
  });

  it('never allows an origin outside the rules, whatever the Origin header holds (fuzzed)', () => {
    const policy = new CorsPolicy();
    const loopback = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:[1-9]\d{0,4})?$/;
    const origins = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.webUrl().map((url) => new URL(url).origin),
      fc.tuple(fc.constantFrom('http://localhost', 'http://127.0.0.1', 'http://localhost.', 'http://127.0.0.1.'), fc.string({ maxLength: 20 })).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(origins, (origin) => {
        if (policy.allows(origin)) expect(origin).toMatch(loopback);
      }),
      { numRuns: 3000 },
    );
  });

  it('allows every loopback origin on every port (fuzzed)', () => {
    const policy = new CorsPolicy();
    fc.assert(
      fc.property(fc.constantFrom('localhost', '127.0.0.1', '[::1]'), fc.option(fc.integer({ min: 1, max: 65_535 })), (host, port) => {
        expect(policy.allows(`http://${host}${port === null ? '' : `:${port}`}`)).toBe(true);
        expect(policy.allows(`https://${host}${port === null ? '' : `:${port}`}`)).toBe(false);
      }),
    );
    expect(defaultCorsOrigins).toContain('http://localhost:*');
  });

  it('reads any origin list text without throwing (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (text) => {
        const parsed = parseCorsOrigins(text);
        if (parsed.ok) new CorsPolicy({ origins: parsed.origins }).allows('http://localhost:1');
      }),
    );
  });
});

describe('medsched-server --cors-origins', () => {
  it('takes the flag and MEDSCHED_CORS_ORIGINS, and refuses a bad list with exit code 2', async () => {
    const started = await startServerBin(['--port', '0', '--seed', 'empty', '--cors-origins', 'https://app.example.com']);
    try {
      const origin = new URL(started.url).origin;
      const answer = await fetch(`${origin}/v1/calendars/`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' } });
      expect(answer.status).toBe(204);
      const localhost = await fetch(`${origin}/v1/calendars/`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' } });
      expect(localhost.status).toBe(403);
    } finally {
      await started.stop();
    }
    const { spawnSync } = await import('node:child_process');
    const { serverBin } = await import('./support/server-bin.js');
    const bad = spawnSync(process.execPath, [serverBin, '--port', '0', '--cors-origins', 'localhost:5173'], { encoding: 'utf8', timeout: 60_000 });
    expect(bad.status, bad.stderr).toBe(2);
    expect(bad.stderr).toContain('--cors-origins');
    const badEnv = spawnSync(process.execPath, [serverBin, '--port', '0'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, MEDSCHED_CORS_ORIGINS: 'https://app.example.com/path' } });
    expect(badEnv.status, badEnv.stderr).toBe(2);
  });
});
