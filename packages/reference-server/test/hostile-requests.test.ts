import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { adminSecret, raw, startTestServer, withKey } from './support/server.js';
import type { Problem, PdfLink } from '@medsched/sdk';
import type { CreatedKey, TokenPair } from './support/answer-shapes.js';

/**
 * Hostile requests through real HTTP (issue 9): Host headers, repeated query parameters,
 * tokens of revoked keys, credential guessing.
 */

let server: RunningServer;
const publicUrl = 'https://medsched.public.test';
beforeAll(async () => {
  server = await startTestServer({ publicUrl, failedAuthenticationLimit: { limit: 5, windowSeconds: 60 } });
});
afterAll(() => server.close());

/** A GET with a Host header of our choosing (fetch does not allow one). */
function getWithHost(path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.origin}${path}`, { headers: { ...headers, host }, setHost: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('links come from the public URL, never from Host', () => {
  it('Link headers and signed PDF links use --public-url whatever Host says; a foreign or malformed Host is 421, no 5xx', async () => {
    for (const host of ['evil.example', 'a b', '[::1', 'x:99999', '%00', '']) {
      const refused = await getWithHost(`/v1/users/?organization=${org1.id}&limit=1`, host, withKey(org1.admin.apiKey));
      expect(refused.status, host).toBe(421);
    }
    // Hosts the server answers (loopback names, addresses) still never make its links.
    for (const host of ['localhost:1', 'app.localhost', '127.0.0.2', '[::1]:99']) {
      const list = await getWithHost(`/v1/users/?organization=${org1.id}&limit=1`, host, withKey(org1.admin.apiKey));
      expect(list.status, host).toBe(200);
      expect(String(list.headers.link), host).toContain(`<${publicUrl}/v1/users/`);
      expect(String(list.headers.link)).not.toContain(host);
      const signed = await getWithHost(`/v1/pdf/?urlPath=${encodeURIComponent('https://app.medsched.example/plan')}`, host, withKey(org1.user.apiKey));
      expect(signed.status, `${host}: ${signed.text}`).toBeLessThan(500);
      if (signed.status === 200) expect((JSON.parse(signed.text) as PdfLink).signed.startsWith(`${publicUrl}/files/pdf?`)).toBe(true);
    }
  });
});

describe('query strings', () => {
  it('a parameter given twice is refused with 400 naming it', async () => {
    const twice = await raw<Problem>(server, 'GET', `/v1/users/?organization=${org1.id}&limit=1&limit=2`, { headers: withKey(org1.admin.apiKey) });
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toContain('limit');
    expect(twice.body.errors).toEqual([{ path: 'limit', message: 'given more than once' }]);
    const urlPath = encodeURIComponent('https://app.medsched.example/a');
    const pdf = await raw<Problem>(server, 'GET', `/v1/pdf/?urlPath=${urlPath}&urlPath=${urlPath}`, { headers: withKey(org1.user.apiKey) });
    expect(pdf.status).toBe(400);
    expect(pdf.body.detail).toContain('urlPath');
    const proto = await raw(server, 'GET', `/v1/users/?organization=${org1.id}&__proto__=x`, { headers: withKey(org1.admin.apiKey) });
    expect(proto.status).toBe(400);
  });
});

describe('revoking an API key', () => {
  it('ends the bearer and refresh tokens minted from it, not tokens of other keys', async () => {
    const admin = { 'x-admin-secret': adminSecret };
    const created = await raw<CreatedKey>(server, 'POST', '/dev/admin/keys', { headers: admin, json: { email: org1.user.email, description: 'short-lived' } });
    expect(created.status).toBe(201);
    const signIn = await raw<TokenPair>(server, 'POST', '/dev/token', { json: { apiKey: created.body.apiKey, ttlSeconds: 600 } });
    const other = await raw<TokenPair>(server, 'POST', '/dev/token', { json: { apiKey: org1.user.apiKey, ttlSeconds: 600 } });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const read = (token: string) => raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: bearer(token) });
    expect((await read(signIn.body.accessToken)).status).toBe(200);
    const refreshedBefore = await raw<TokenPair>(server, 'POST', '/dev/token/refresh', { json: { refreshToken: signIn.body.refreshToken } });
    expect(refreshedBefore.status).toBe(200);

    expect((await raw(server, 'POST', '/dev/admin/keys/revoke', { headers: admin, json: { id: created.body.id } })).status).toBe(200);
    for (const token of [signIn.body.accessToken, refreshedBefore.body.accessToken]) {
      const answer = await read(token);
      expect(answer.status).toBe(401);
      expect((answer.body as Problem).detail).toMatch(/revoked/);
    }
    for (const refreshToken of [signIn.body.refreshToken, refreshedBefore.body.refreshToken]) {
      expect((await raw(server, 'POST', '/dev/token/refresh', { json: { refreshToken } })).status).toBe(401);
    }
    expect((await read(other.body.accessToken)).status).toBe(200);
  });
});

describe('credential guessing', () => {
  it('a client with too many failed authentications gets 429 with Retry-After, even with a good key, until the window ends', async () => {
    // Its own server: the limit counts per client address, and this test uses it up. Its own
    // clock too: the window ends when the test says, not after a wall-clock second (which a
    // loaded machine could spend on the guesses themselves).
    let clock = new Date('2026-06-01T08:00:00Z').getTime();
    const guarded = await startTestServer({ failedAuthenticationLimit: { limit: 3, windowSeconds: 60 }, now: () => new Date(clock) });
    try {
      const guess = () => raw(guarded, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(`msk_${'0'.repeat(40)}`) });
      for (let attempt = 0; attempt < 3; attempt++) expect((await guess()).status).toBe(401);
      const limited = await guess();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const good = await raw(guarded, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(org1.admin.apiKey) });
      expect(good.status).toBe(429);
      clock += 59_000;
      expect((await raw(guarded, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(org1.admin.apiKey) })).status).toBe(429);
      clock += 1_000;
      expect((await raw(guarded, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(org1.admin.apiKey) })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
