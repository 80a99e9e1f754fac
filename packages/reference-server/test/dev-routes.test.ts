import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import fc from 'fast-check';
import { adminSecret, raw, startTestServer, withKey } from './support/server.js';

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

describe('/dev/admin/organizations: a sandbox of several homes', () => {
  const headers = { 'x-admin-secret': adminSecret };

  it("creates a home with its zone and first admin; the admin's key reads that home, and no other", async () => {
    const created = await raw(server, 'POST', '/dev/admin/organizations', {
      headers,
      json: { name: 'Haus Am Park', timezone: 'Europe/Berlin', admin: { name: 'Anna Admin', email: 'anna@ampark.example' } },
    });
    expect(created.status).toBe(201);
    const { organization, admin } = created.body as { organization: { id: string; name: string; meta: { timezone?: string } }; admin: { id: string; role: string } };
    expect(organization).toMatchObject({ name: 'Haus Am Park', meta: { timezone: 'Europe/Berlin' } });
    expect(admin.role).toBe('admin');
    const key = await raw(server, 'POST', '/dev/admin/keys', { headers, json: { email: 'anna@ampark.example' } });
    expect(key.status).toBe(201);
    const apiKey = (key.body as { apiKey: string }).apiKey;
    const own = await raw(server, 'GET', `/v1/organizations/${organization.id}`, { headers: withKey(apiKey) });
    expect(own.status).toBe(200);
    expect((own.body as { meta: { timezone?: string } }).meta.timezone).toBe('Europe/Berlin');
    expect((await raw(server, 'GET', '/v1/organizations/64d001000000000000000001', { headers: withKey(apiKey) })).status).toBe(403);
    // The address is one person's: a second home cannot take it.
    expect((await raw(server, 'POST', '/dev/admin/organizations', { headers, json: { name: 'Zweites Haus', admin: { name: 'Anna', email: 'ANNA@ampark.example' } } })).status).toBe(409);
    expect((await raw(server, 'POST', '/dev/admin/organizations', { json: { name: 'x', admin: { name: 'x', email: 'x@y.z' } } })).status).toBe(401);
  });

  it('any body: 201 with exactly what was given, or a 400/409 problem; never a 500, never a zone nobody gave (property)', async () => {
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: fc.oneof(fc.string({ maxLength: 220 }), fc.constantFrom('Haus Lindenhof', '  ', '')),
          timezone: fc.option(fc.oneof(fc.constantFrom('Europe/Berlin', 'America/New_York', 'Mars/Olympus', 'UTC', ''), fc.string({ maxLength: 40 })), { nil: undefined }),
          local: fc.oneof(fc.constantFrom('pflege', ''), fc.string({ maxLength: 30 })),
        }),
        async ({ name, timezone, local }) => {
          const email = `${local}${++serial}@sandbox.example`;
          const answer = await raw(server, 'POST', '/dev/admin/organizations', { headers, json: { name, ...(timezone !== undefined && { timezone }), admin: { name: 'Admin', email } } });
          expect([201, 400, 409], JSON.stringify(answer.body)).toContain(answer.status);
          if (answer.status === 201) {
            const { organization } = answer.body as { organization: { name: string; meta: Record<string, unknown> } };
            expect(organization.name).toBe(name.trim());
            expect(organization.meta.timezone).toBe(timezone);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
