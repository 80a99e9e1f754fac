import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { adminSecret, raw, startTestServer } from './support/server.js';

/** The development routes' methods: 405 names every method a path serves (RFC 9110 `Allow`). */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('/dev/admin/keys', () => {
  it('serves GET and POST; another method is 405 with Allow: GET, POST', async () => {
    const headers = { 'x-admin-secret': adminSecret };
    expect((await raw(server, 'GET', '/dev/admin/keys?email=admin@sonnen.example', { headers })).status).toBe(200);
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const answer = await raw(server, method, '/dev/admin/keys', { headers, json: {} });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow'), method).toBe('GET, POST');
    }
    const revoke = await raw(server, 'GET', '/dev/admin/keys/revoke', { headers });
    expect(revoke.status).toBe(405);
    expect(revoke.headers.get('allow')).toBe('POST');
  });
});
