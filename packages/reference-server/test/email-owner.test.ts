import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { org1, org2 } from './support/demo.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { Problem, Account } from '@medsched/sdk';

// Each test starts medsched-server processes on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * One e-mail, one account across the service, case-insensitively (issue 19); a conflict is 409
 * without a word about the other account (its organization, role or id).
 */
const adminSecret = 'email-owner-test-secret-0123456789abcdef';
let server: ServerProcess;
let origin: string;

beforeAll(async () => {
  server = await startServerBin(['--port', '0', '--seed', 'demo', '--admin-secret', adminSecret]);
  origin = new URL(server.url).origin;
});
afterAll(() => server?.kill());

async function send<Body = unknown>(apiKey: string, method: string, path: string, json: unknown) {
  const response = await fetch(`${origin}${path}`, { method, headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(json) });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Body };
}

function expectSilentConflict(answer: { status: number; text: string; body: unknown }) {
  expect(answer.status).toBe(409);
  expect((answer.body as Problem).code).toBe('conflict');
  for (const secret of [org2.id, org1.id, org2.admin.userId, org2.admin.accountId, org1.user.userId, 'lindenhof', 'Lindenhof', 'sonnen', 'role', 'admin', 'organization']) {
    expect(answer.text).not.toContain(secret);
  }
}

describe('e-mail addresses across organizations', () => {
  it("a patient cannot take another organization's admin's address, in any case", async () => {
    for (const email of [org2.admin.email, org2.admin.email.toUpperCase(), 'Admin@Lindenhof.Example']) {
      expectSilentConflict(await send(org1.patient.apiKey, 'PATCH', `/v1/accounts/${encodeURIComponent(org1.patient.accountId)}`, { email }));
    }
  });

  it("an admin cannot create a user with another organization's address, or one of its own in other case", async () => {
    expectSilentConflict(await send(org1.admin.apiKey, 'POST', '/v1/users/', { organization: org1.id, email: org2.admin.email, role: 'user' }));
    expectSilentConflict(await send(org1.admin.apiKey, 'POST', '/v1/users/', { organization: org1.id, email: org1.user.email.toUpperCase(), role: 'user' }));
  });

  it('a new address is taken by the first account only; one may change the case of its own', async () => {
    const created = await send(org1.admin.apiKey, 'POST', '/v1/users/', { organization: org1.id, email: 'nina.new@example.org', role: 'user' });
    expect(created.status).toBe(201);
    expectSilentConflict(await send(org2.admin.apiKey, 'POST', '/v1/users/', { organization: org2.id, email: 'Nina.New@Example.org', role: 'user' }));
    const own = await send<Account>(org1.patient.apiKey, 'PATCH', `/v1/accounts/${encodeURIComponent(org1.patient.accountId)}`, { email: org1.patient.email.toUpperCase() });
    expect(own.status).toBe(200);
    expect(own.body.email).toBe(org1.patient.email.toUpperCase());
  });

  it('sign-in by e-mail (development, admin secret) finds the one account, in any case', async () => {
    const response = await fetch(`${origin}/dev/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret },
      body: JSON.stringify({ email: org2.admin.email.toUpperCase() }),
    });
    expect(response.status).toBe(200);
  });
});
