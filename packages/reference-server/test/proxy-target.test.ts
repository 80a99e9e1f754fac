import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type RunningProxy } from '../src/node/proxy/proxy-server.js';
import { rawRequest, startRecordingServer, type RecordingServer } from './support/raw-socket.js';

// The proxy talks to its target only (issue 33): over real sockets, with a canary server on
// another port that must never see a connection, whatever the client writes.
let target: RecordingServer;
let canary: RecordingServer;
let proxy: RunningProxy;
let proxyPort: number;
beforeAll(async () => {
  target = await startRecordingServer();
  canary = await startRecordingServer(() => ({ status: 200, body: '{"canary":"internal secret"}' }));
  proxy = await startProxy({ target: `${target.origin}/v1`, port: 0 });
  proxyPort = Number(new URL(proxy.url).port);
});
afterAll(async () => {
  await proxy?.close();
  await target?.close();
  await canary?.close();
});

const get = (requestTarget: string, extra = '') =>
  rawRequest(proxyPort, `GET ${requestTarget} HTTP/1.1\r\nHost: 127.0.0.1:${proxyPort}\r\nx-api-key: msk_demo_sonnen_user\r\n${extra}connection: close\r\n\r\n`);
const problemOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { status: number; code: string; detail: string };

describe('the proxy forwards to its target only', () => {
  it('forwards a path under the base path to the target, path and query as sent', async () => {
    const before = target.requests.length;
    const answer = await get('/v1/calendars/?limit=5&search=a%20b');
    expect(answer.status).toBe(200);
    expect(target.requests.slice(before)).toEqual([expect.objectContaining({ method: 'GET', url: '/v1/calendars/?limit=5&search=a%20b' })]);
    expect(target.requests.at(-1)!.headers.host).toBe(`127.0.0.1:${target.port}`);
  });

  it('refuses absolute-form, //host and /\\host request targets with a 400 problem; the canary receives nothing', async () => {
    const before = target.requests.length;
    for (const requestTarget of [
      `http://127.0.0.1:${canary.port}/abs`,
      `//127.0.0.1:${canary.port}/dbl`,
      `/\\127.0.0.1:${canary.port}/bs`,
      `/v1/..\\..\\x`,
      `/v1/%2e%2e/%2e%2e/x`,
      `file:///etc/hostname`,
      `HTTP://127.0.0.1:${canary.port}/latest/meta-data`,
    ]) {
      const answer = await get(requestTarget);
      expect(answer.status, requestTarget).toBe(400);
      const problem = problemOf(answer.text);
      expect(problem).toMatchObject({ status: 400, code: 'bad_request_target' });
      expect(problem.detail).not.toContain(String(canary.port));
      expect(answer.text).not.toContain('internal secret');
    }
    // A form POST in absolute form, as a web page could send through a rebinding name.
    const post = await rawRequest(
      proxyPort,
      `POST http://127.0.0.1:${canary.port}/form HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 3\r\nconnection: close\r\n\r\na=b`,
    );
    expect(post.status).toBe(400);
    expect(canary.connections).toBe(0);
    expect(target.requests.length).toBe(before);
  });

  it('refuses CONNECT with a 400 problem and opens no tunnel', async () => {
    const answer = await rawRequest(proxyPort, `CONNECT 127.0.0.1:${canary.port} HTTP/1.1\r\nHost: 127.0.0.1:${canary.port}\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(problemOf(answer.text)).toMatchObject({ code: 'bad_request_target' });
    expect(canary.connections).toBe(0);
  });

  it('answers a path outside the base path 404 without forwarding it', async () => {
    const before = target.requests.length;
    const answer = await get('/dev/token');
    expect(answer.status).toBe(404);
    expect(problemOf(answer.text).detail).toContain('/v1/');
    expect(target.requests.length).toBe(before);
  });

  it('says what failed when the target cannot be reached, naming the target, not a URL the client chose', async () => {
    const gone = await startRecordingServer();
    const port = gone.port;
    await gone.close();
    const orphan = await startProxy({ target: `http://127.0.0.1:${port}/v1`, port: 0 });
    try {
      const answer = await rawRequest(Number(new URL(orphan.url).port), `GET /v1/calendars/ HTTP/1.1\r\nHost: localhost\r\nconnection: close\r\n\r\n`);
      expect(answer.status).toBe(502);
      const { detail } = problemOf(answer.text);
      expect(detail).toContain(`its target http://127.0.0.1:${port}`);
      expect(detail).toContain('ECONNREFUSED');
      expect(detail).not.toContain('fetch failed');
    } finally {
      await orphan.close();
    }
  });

  it('property: generated request targets never make the proxy contact anything but the target, under its base path', async () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '..',
      '%2e',
      '%5c',
      '%2f',
      '@',
      ':',
      '?',
      '#',
      'http://',
      `127.0.0.1:${canary.port}`,
      `localhost:${canary.port}`,
      '[::1]',
      '%00',
      '%',
      '/v1',
      '/v1/',
      'x',
    );
    const requestTarget = fc.oneof(
      fc.array(piece, { minLength: 1, maxLength: 7 }).map((parts) => parts.join('')),
      fc.string({ minLength: 1, maxLength: 30 }).filter((text) => !/[\r\n ]/.test(text)),
    );
    const before = target.requests.length;
    await fc.assert(
      fc.asyncProperty(requestTarget, fc.constantFrom('GET', 'POST', 'OPTIONS'), async (path, method) => {
        const answer = await rawRequest(proxyPort, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
        expect(answer.status).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
    expect(canary.connections).toBe(0);
    for (const seen of target.requests.slice(before)) {
      expect(seen.headers.host).toBe(`127.0.0.1:${target.port}`);
      expect(seen.url === '/v1' || seen.url.startsWith('/v1/') || seen.url.startsWith('/v1?'), seen.url).toBe(true);
    }
  });
});

describe('the proxy checks Host', () => {
  it('answers a foreign Host 421 before forwarding anything; loopback names and IP addresses pass', async () => {
    const before = target.requests.length;
    for (const host of ['attacker.example', 'localhost.attacker.example', '127.0.0.1.nip.io', '']) {
      const answer = await rawRequest(proxyPort, `GET /v1/users/ HTTP/1.1\r\nHost: ${host}\r\nconnection: close\r\n\r\n`);
      expect(answer.status, host).toBe(421);
      expect(problemOf(answer.text)).toMatchObject({ code: 'host_not_allowed' });
    }
    expect(target.requests.length).toBe(before);
    for (const host of ['localhost', `localhost:${proxyPort}`, 'app.localhost', '127.0.0.1', '10.1.2.3:80', '[::1]:4020']) {
      expect((await rawRequest(proxyPort, `GET /v1/users/ HTTP/1.1\r\nHost: ${host}\r\nconnection: close\r\n\r\n`)).status, host).toBe(200);
    }
  });

  it('answers names given with allowedHosts, a leading dot for every name under it', async () => {
    const named = await startProxy({ target: `${target.origin}/v1`, port: 0, allowedHosts: { any: false, names: ['.example.test', 'proxy.internal'] } });
    const port = Number(new URL(named.url).port);
    const status = async (host: string) => (await rawRequest(port, `GET /v1/users/ HTTP/1.1\r\nHost: ${host}\r\nconnection: close\r\n\r\n`)).status;
    try {
      expect(await status('example.test')).toBe(200);
      expect(await status('a.b.example.test:8080')).toBe(200);
      expect(await status('proxy.internal')).toBe(200);
      expect(await status('notexample.test')).toBe(421);
      expect(await status('proxy.internal.evil')).toBe(421);
    } finally {
      await named.close();
    }
  });
});
