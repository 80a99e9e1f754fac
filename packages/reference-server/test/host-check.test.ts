import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHostsFor, isHostAllowed, parseAllowedHosts } from '../src/node/host-check.js';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { serverBin, startServerBin } from './support/server-bin.js';
import { startTestServer, withKey } from './support/server.js';
import type { Problem } from '@medsched/sdk';

// Host checking (issue 33), as Vite's server.allowedHosts: a page whose name an attacker points
// at 127.0.0.1 (DNS rebinding) sends its own name as Host; such a request is answered 421 before
// any route runs, the home page (which shows the demo keys) included.
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://medsched.public.test' });
});
afterAll(() => server.close());

/** A request with a Host header of our choosing (fetch does not allow one). */
function withHost(method: string, path: string, host: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.origin}${path}`, { method, headers: { ...headers, host }, setHost: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the server checks Host', () => {
  it('answers a foreign Host 421 with a problem on the home page, the API and a write, before anything runs', async () => {
    const before = server.reference.db.medications.all().length;
    for (const host of ['attacker.example', `attacker.example:${server.port}`, 'localhost.attacker.example', 'medsched.public.test.evil']) {
      const home = await withHost('GET', '/', host);
      expect(home.status, host).toBe(421);
      expect(home.text).not.toContain('msk_demo_');
      expect(JSON.parse(home.text)).toMatchObject({ status: 421, code: 'host_not_allowed' });
      expect((JSON.parse(home.text) as Problem).detail).toContain('--allowed-hosts');
      expect((await withHost('GET', `/v1/users/?organization=${org1.id}`, host, withKey(org1.admin.apiKey))).status).toBe(421);
      const write = await withHost(
        'POST',
        '/v1/medications/',
        host,
        { ...withKey(org1.admin.apiKey), 'content-type': 'application/json', origin: `http://${host}` },
        JSON.stringify({ name: 'Rebound 5 mg', organization: org1.id }),
      );
      expect(write.status).toBe(421);
    }
    expect(server.reference.db.medications.all().length).toBe(before);
  });

  it('answers loopback names, IP addresses and the public URL’s name', async () => {
    for (const host of [
      'localhost',
      `localhost:${server.port}`,
      'app.localhost',
      '127.0.0.1',
      `127.0.0.1:${server.port}`,
      '[::1]:4010',
      '192.168.1.20',
      'medsched.public.test',
      'MEDSCHED.public.test:443',
    ]) {
      expect((await withHost('GET', `/v1/organizations/${org1.id}`, host, withKey(org1.admin.apiKey))).status, host).toBe(200);
    }
  });

  it('a client sending a body to a foreign Host reads the 421, not a reset', async () => {
    const answer = await withHost('POST', '/v1/medications/', 'attacker.example', { 'content-type': 'application/json' }, JSON.stringify({ name: 'x'.repeat(200_000) }));
    expect(answer.status).toBe(421);
  });
});

describe('allowed hosts', () => {
  it('parses names and suffixes, refuses ports, schemes and paths', () => {
    expect(parseAllowedHosts(' API.example.com , .example.org ')).toEqual({ ok: true, allowed: { any: false, names: ['api.example.com', '.example.org'] } });
    expect(parseAllowedHosts('all')).toEqual({ ok: true, allowed: { any: true, names: [] } });
    for (const bad of ['api.example.com:443', 'https://api.example.com', 'a/b', 'a b', '*.example.com']) expect(parseAllowedHosts(bad).ok, bad).toBe(false);
  });

  it('takes the names of the configured host and URLs, not addresses', () => {
    expect(allowedHostsFor(['0.0.0.0', 'sandbox.lan', 'https://api.example.com/v1', undefined, '::'], undefined).names).toEqual(['sandbox.lan', 'api.example.com']);
  });

  it('property: a name is answered only when it is localhost, an address, or matches an allowed entry', () => {
    const allowed = { any: false, names: ['api.example.com', '.example.org'] };
    const label = fc.stringMatching(/^[a-z0-9-]{1,10}$/);
    const name = fc.oneof(
      fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.')),
      fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => `${labels.join('.')}.example.com`),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(name, fc.option(fc.integer({ min: 0, max: 65_535 })), (host, port) => {
        const header = port === null ? host : `${host}:${port}`;
        const expected =
          host === 'localhost' || host.endsWith('.localhost') || /^(\d{1,3}\.){3}\d{1,3}$/.test(host) || host === 'api.example.com' || host === 'example.org' || host.endsWith('.example.org');
        if (!expected) expect(isHostAllowed(allowed, header), header).toBe(false);
        if (expected && /^[a-z0-9.-]+$/.test(host) && !/^(\d{1,3}\.){3}\d{1,3}$/.test(host)) expect(isHostAllowed(allowed, header), header).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('medsched-server --allowed-hosts', () => {
  it('answers the names given by flag or MEDSCHED_ALLOWED_HOSTS, and says which hosts it answers', async () => {
    const bin = await startServerBin(['--port', '0', '--allowed-hosts', '.sandbox.test'], { MEDSCHED_ALLOWED_HOSTS: 'ignored.test' });
    const fromEnv = await startServerBin(['--port', '0'], { MEDSCHED_ALLOWED_HOSTS: 'env.test' });
    try {
      expect(bin.stdout()).toContain('hosts:        localhost, IP addresses, .sandbox.test; another Host is answered 421');
      const status = async (origin: string, host: string) =>
        new Promise<number>((resolve, reject) => {
          request(`${origin}/v1/organizations/${org1.id}`, { headers: { ...withKey(org1.admin.apiKey), host }, setHost: false }, (incoming) => {
            incoming.resume();
            resolve(incoming.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
      const origin = new URL(bin.url).origin;
      expect(await status(origin, 'api.sandbox.test')).toBe(200);
      expect(await status(origin, 'ignored.test')).toBe(421);
      expect(await status(new URL(fromEnv.url).origin, 'env.test')).toBe(200);
      expect(await status(new URL(fromEnv.url).origin, 'other.test')).toBe(421);
    } finally {
      bin.kill();
      fromEnv.kill();
    }
  });

  it('refuses a malformed --allowed-hosts with exit code 2', async () => {
    const failed = await promisify(execFile)(process.execPath, [serverBin, '--port', '0', '--allowed-hosts', 'https://api.example.com']).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('--allowed-hosts takes host names');
  });
});
