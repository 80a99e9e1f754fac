import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { operationCalls } from './support/operations.js';
import { adminSecret, raw, startTestServer, withKey } from './support/server.js';
import type { Problem } from '@medsched/sdk';
import type { CreatedKey, KeyListing, TokenPair } from './support/answer-shapes.js';

const tokenSecret = 'a-test-signing-secret-of-at-least-32-characters';
let server: RunningServer;
let revokedKey: string;

const sign = (claims: { sub?: string; iss?: string; aud?: string; exp?: number }, secret = tokenSecret) => {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ token_use: 'access' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now);
  jwt.setSubject(claims.sub ?? org1.admin.accountId).setIssuer(claims.iss ?? server.reference.identityProvider.issuer);
  jwt.setAudience(claims.aud ?? server.reference.identityProvider.audience).setExpirationTime(claims.exp ?? now + 600);
  return jwt.sign(new TextEncoder().encode(secret));
};
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  server = await startTestServer({ tokens: { secret: tokenSecret } });
  const created = await raw<CreatedKey>(server, 'POST', '/dev/admin/keys', { headers: { 'x-admin-secret': adminSecret }, json: { email: org1.user.email, description: 'to revoke' } });
  revokedKey = created.body.apiKey;
  await raw(server, 'POST', '/dev/admin/keys/revoke', { headers: { 'x-admin-secret': adminSecret }, json: { id: created.body.id } });
});
afterAll(() => server.close());

describe('every failing credential is 401 on every route', () => {
  const badCredentials: Record<string, () => Record<string, string> | Promise<Record<string, string>>> = {
    missing: () => ({}),
    'malformed key': () => withKey('not-a-key'),
    'unknown key': () => withKey('msk_0000000000000000000000000000'),
    'revoked key': () => withKey(revokedKey),
    'malformed authorization': () => ({ authorization: 'Basic dXNlcjpwYXNz' }),
    'expired token': async () => ({ authorization: `Bearer ${await sign({ exp: Math.floor(Date.now() / 1000) - 10 })}` }),
    'wrong signature': async () => ({ authorization: `Bearer ${await sign({}, 'another-secret-that-is-long-enough-1234')}` }),
    'alg none': () => ({ authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: org1.admin.accountId, exp: 9_999_999_999 })}.` }),
    'wrong issuer': async () => ({ authorization: `Bearer ${await sign({ iss: 'https://evil.example/' })}` }),
    'wrong audience': async () => ({ authorization: `Bearer ${await sign({ aud: 'https://other.example/' })}` }),
    'unknown subject': async () => ({ authorization: `Bearer ${await sign({ sub: 'auth0|nobody' })}` }),
    'key and token of different accounts': async () => ({ ...withKey(org1.admin.apiKey), authorization: `Bearer ${await sign({ sub: org2.admin.accountId })}` }),
    'valid key with a bad token': () => ({ ...withKey(org1.admin.apiKey), authorization: 'Bearer garbage' }),
  };
  const calls = [...operationCalls('admin'), { id: 'unknown route', method: 'GET', path: '/v1/nowhere' }, { id: 'bad input', method: 'GET', path: '/v1/calendars/not-an-id' }];

  for (const [name, headersOf] of Object.entries(badCredentials)) {
    it(name, async () => {
      const headers = await headersOf();
      for (const call of calls) {
        const answer = await raw<Problem>(server, call.method, call.path, { headers, json: 'json' in call ? call.json : undefined });
        expect(answer.status, `${call.id}: ${answer.text}`).toBe(401);
        expect(answer.headers.get('www-authenticate')).toMatch(/Bearer/);
        expect(answer.headers.get('content-type')).toBe('application/problem+json');
        expect(answer.body.code).toBe('unauthenticated');
      }
    });
  }
});

describe('API keys', () => {
  it('are stored only as SHA-256 hashes, with their last use', async () => {
    await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(org1.user.apiKey) });
    const stored = JSON.stringify(server.reference.db.apiKeys.all());
    expect(stored).not.toContain(org1.user.apiKey);
    const record = server.reference.db.apiKeys.all().find((key) => key.accountId === org1.user.accountId && !key.revokedAt)!;
    expect(record.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(record.lastUsedAt).not.toBeNull();
  });

  it('can be created, used and revoked through the admin routes', async () => {
    const created = await raw<CreatedKey>(server, 'POST', '/dev/admin/keys', { headers: { 'x-admin-secret': adminSecret }, json: { email: org1.patient.email } });
    expect(created.status).toBe(201);
    expect((await raw(server, 'GET', '/v1/calendars/', { headers: withKey(created.body.apiKey) })).status).toBe(200);
    const revoked = await raw<KeyListing>(server, 'POST', '/dev/admin/keys/revoke', { headers: { 'x-admin-secret': adminSecret }, json: { apiKey: created.body.apiKey } });
    expect(revoked.body.revokedAt).toBeTruthy();
    expect((await raw(server, 'GET', '/v1/calendars/', { headers: withKey(created.body.apiKey) })).status).toBe(401);
  });

  it('a key kept by the authenticator (its digest and record) is refused at once once revoked', async () => {
    const created = await raw<CreatedKey>(server, 'POST', '/dev/admin/keys', { headers: { 'x-admin-secret': adminSecret }, json: { email: org1.admin.email } });
    const byId = '/v1/calendars/64d005000000000000000001';
    for (let i = 0; i < 3; i++) expect((await raw(server, 'GET', byId, { headers: withKey(created.body.apiKey) })).status).toBe(200);
    await raw(server, 'POST', '/dev/admin/keys/revoke', { headers: { 'x-admin-secret': adminSecret }, json: { apiKey: created.body.apiKey } });
    expect((await raw(server, 'GET', byId, { headers: withKey(created.body.apiKey) })).status).toBe(401);
    // The same key with surrounding spaces was never kept: refused too.
    expect((await raw(server, 'GET', byId, { headers: withKey(` ${created.body.apiKey}`) })).status).toBe(401);
  });

  it('admin routes need the admin secret', async () => {
    expect((await raw(server, 'POST', '/dev/admin/keys', { json: { email: org1.patient.email } })).status).toBe(401);
    expect((await raw(server, 'POST', '/dev/admin/keys', { headers: { 'x-admin-secret': 'wrong' }, json: { email: org1.patient.email } })).status).toBe(401);
  });
});

describe('development sign-in and refresh', () => {
  it('signs in with an API key, and the token works; both headers of one account work', async () => {
    const signIn = await raw<TokenPair>(server, 'POST', '/dev/token', { json: { apiKey: org1.admin.apiKey, ttlSeconds: 60 } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.expiresIn).toBe(60);
    const bearer = { authorization: `Bearer ${signIn.body.accessToken}` };
    expect((await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: bearer })).status).toBe(200);
    expect((await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: { ...bearer, ...withKey(org1.admin.apiKey) } })).status).toBe(200);
  });

  it('refreshes; a refresh token is not an access token', async () => {
    const signIn = await raw<TokenPair>(server, 'POST', '/dev/token', { json: { apiKey: org1.user.apiKey } });
    const refreshed = await raw<TokenPair>(server, 'POST', '/dev/token/refresh', { json: { refreshToken: signIn.body.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await raw(server, 'GET', '/v1/calendars/', { headers: { authorization: `Bearer ${refreshed.body.accessToken}` } })).status).toBe(200);
    expect((await raw(server, 'GET', '/v1/calendars/', { headers: { authorization: `Bearer ${signIn.body.refreshToken}` } })).status).toBe(401);
    expect((await raw(server, 'POST', '/dev/token/refresh', { json: { refreshToken: signIn.body.accessToken } })).status).toBe(401);
  });

  it('expired tokens are refused (1 s lifetime)', async () => {
    const signIn = await raw<TokenPair>(server, 'POST', '/dev/token', { json: { apiKey: org1.user.apiKey, ttlSeconds: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await raw(server, 'GET', '/v1/calendars/', { headers: { authorization: `Bearer ${signIn.body.accessToken}` } })).status).toBe(401);
  });

  it('signing in by e-mail needs the admin secret; wrong keys are 401', async () => {
    expect((await raw(server, 'POST', '/dev/token', { json: { email: org1.patient.email } })).status).toBe(401);
    expect((await raw(server, 'POST', '/dev/token', { headers: { 'x-admin-secret': adminSecret }, json: { email: org1.patient.email } })).status).toBe(200);
    expect((await raw(server, 'POST', '/dev/token', { json: { apiKey: revokedKey } })).status).toBe(401);
  });
});
