/**
 * Credentials stay with their origin: the SDK follows no redirect (as stripe-node), so that an API
 * key or bearer token never reaches another host, port or scheme; every redirect is a
 * RedirectError naming where the server pointed, not retried. Against the hostile server over
 * real HTTP; the https→http case runs the built SDK in a child process that trusts the test's
 * self-signed certificate.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, createClient, MedschedError, RedirectError } from '../src/index.js';
import { failure } from './support/failure.js';
import { hostileCertFile, startHostileServer, type HostileServer } from './support/hostile-server.js';
import { API_KEY, TOKEN } from './support/secrets.js';

const organization = '64d001000000000000000001';
const statuses = [301, 302, 303, 307, 308];
const credentials = { 'API key': { apiKey: API_KEY }, 'bearer token': { token: TOKEN } } as const;

let hostile: HostileServer;
beforeAll(async () => (hostile = await startHostileServer()));
afterAll(() => hostile.close());

function clientFor(mode: string, credential: { apiKey?: string; token?: string }) {
  return createClient({ baseUrl: hostile.baseUrl(mode), ...credential, retryDelays: { initialMs: 1, maxMs: 5 } });
}

/** Every header value that arrived elsewhere, to show that no credential did. */
function secretsElsewhere(): string[] {
  return hostile.elsewhere
    .flatMap((request) => Object.values(request.headers).flat())
    .filter((value): value is string => typeof value === 'string' && (value.includes(API_KEY) || value.includes(TOKEN)));
}

describe.each(Object.entries(credentials))('with an %s', (_, credential) => {
  describe.each(statuses)('a %i', (status) => {
    it.each(['other-host', 'other-port', 'same-origin'])('to %s is a RedirectError naming the target; nothing reaches it; no retry', async (target) => {
      hostile.received.length = 0;
      hostile.elsewhere.length = 0;
      const error = await failure(clientFor(`redirect-${status}-${target}`, credential).organizations.get(organization));
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).not.toBeInstanceOf(ConnectionError);
      const redirect = error as RedirectError;
      expect(redirect.code).toBe('redirect_refused');
      expect(redirect.status).toBe(status);
      expect(redirect.location).toMatch(
        target === 'same-origin' ? /^\/same-origin-target\/v1\/organizations\// : target === 'other-host' ? /^http:\/\/127\.0\.0\.2:\d+\/v1\// : /^http:\/\/127\.0\.0\.1:\d+\/v1\//,
      );
      expect(redirect.message).toContain(redirect.location);
      expect(hostile.elsewhere).toEqual([]);
      expect(hostile.received).toHaveLength(1);
    });
  });

  it('a create answered 307 to another host sends neither the key nor the body there', async () => {
    hostile.elsewhere.length = 0;
    const client = clientFor('redirect-307-other-host', credential);
    const error = await failure(client.request({ method: 'POST', path: '/medications/', body: { name: 'Ramipril 5 mg' } }));
    expect(error).toBeInstanceOf(RedirectError);
    expect(hostile.elsewhere).toEqual([]);
    expect(secretsElsewhere()).toEqual([]);
  });
});

describe('redirects that fetch would fail on', () => {
  it.each([
    ['loop', /\/loop-target|redirect-302-loop/],
    ['file', /^file:\/\/\/etc\/passwd$/],
    ['data', /^data:application\/json/],
  ])('a redirect to %s is a RedirectError after one request, not a retried connection error', async (target, location) => {
    hostile.received.length = 0;
    const error = await failure(clientFor(`redirect-302-${target}`, { apiKey: API_KEY }).organizations.get(organization));
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).location).toMatch(location);
    expect(hostile.received).toHaveLength(1);
  });

  it("a browser's opaque redirect (status 0, Location hidden) is a RedirectError too", async () => {
    // What a browser's fetch answers a redirect with under redirect: 'manual'; Node cannot make one.
    let calls = 0;
    const opaque = () => {
      calls++;
      const response = new Response(null);
      Object.defineProperties(response, { type: { value: 'opaqueredirect' }, status: { value: 0 }, ok: { value: false } });
      return Promise.resolve(response);
    };
    const client = createClient({ baseUrl: 'https://api.example.test/v1', apiKey: API_KEY, fetch: opaque, maxRetries: 2 });
    const error = await failure(client.organizations.get(organization));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 0, location: undefined, code: 'redirect_refused' });
    expect((error as Error).message).toContain('an address the runtime does not show');
    expect(calls).toBe(1);
  });

  it('a Location with escape sequences reaches the message inert, and the field raw', () => {
    const raw = 'http://127.0.0.1:1/\u001b[2J\u202egm 05';
    const error = new RedirectError({ status: 302, method: 'GET', path: '/x', requestId: undefined }, raw);
    expect(error.location).toBe(raw);
    expect(error.message).not.toMatch(/[\u001b\u202e]/);
    expect(error).toBeInstanceOf(MedschedError);
  });
});

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const child = fileURLToPath(new URL('./support/hostile-client.mjs', import.meta.url));

describe('https to http', () => {
  let secure: HostileServer;
  beforeAll(async () => (secure = await startHostileServer({ tls: true })));
  afterAll(() => secure?.close());

  it('a 301, 302, 303, 307 or 308 from https to plain http on the same host and port, with a key or a token: RedirectError, nothing sent over http', async () => {
    expect(existsSync(dist), 'build the SDK first (pnpm --filter ./packages/sdk build)').toBe(true);
    const cases = statuses.flatMap((status) =>
      Object.values(credentials).map((credential) => ({ baseUrl: secure.baseUrl(`redirect-${status}-to-http`), ...credential, call: 'organizations.get', args: [organization] })),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [child, JSON.stringify(cases)], { env: { ...process.env, NODE_EXTRA_CA_CERTS: hostileCertFile } });
    const outcomes = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { name: string; location: string });
    expect(outcomes).toHaveLength(cases.length);
    for (const outcome of outcomes) {
      expect(outcome.name).toBe('RedirectError');
      expect(outcome.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/organizations\//);
    }
    expect(secure.elsewhere).toEqual([]);
    // Each TLS request itself arrived: the certificate was trusted, so each call saw its redirect.
    expect(secure.received).toHaveLength(cases.length);
  });
});
