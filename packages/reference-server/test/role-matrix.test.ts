import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2, roles } from './support/demo.js';
import { allowedRoles, crossTenantCalls, operationCalls } from './support/operations.js';
import { raw, startTestServer, withKey } from './support/server.js';
import type { CalendarEntry, Problem } from '@medsched/sdk';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('role matrix: each role × each operation', () => {
  it('covers all 21 operations', () => {
    expect(
      operationCalls('admin')
        .map((call) => call.id)
        .sort(),
    ).toEqual(Object.keys(allowedRoles).sort());
    expect(Object.keys(allowedRoles)).toHaveLength(21);
  });

  for (const role of roles) {
    describe(role, () => {
      for (const call of operationCalls(role)) {
        const allowed = allowedRoles[call.id]!.includes(role);
        it(`${call.id} is ${allowed ? 'allowed' : '403'}`, async () => {
          const answer = await raw(server, call.method, call.path, { headers: withKey(org1[role].apiKey), json: call.json });
          if (allowed) {
            expect([200, 201], `${call.id}: ${answer.text}`).toContain(answer.status);
          } else {
            expect(answer.status, answer.text).toBe(403);
            expect((answer.body as Problem).code).toBe('forbidden');
          }
        });
      }
    });
  }
});

describe('patients reach only their own data', () => {
  it("a patient cannot read another patient's entry, device events or calendar", async () => {
    const key = withKey(org1.patient.apiKey);
    expect((await raw(server, 'GET', `/v1/calendars/${org1.entryOf.patient2}`, { headers: key })).status).toBe(403);
    expect((await raw(server, 'GET', `/v1/devices/events/${org1.deviceOf.patient2}`, { headers: key })).status).toBe(403);
    expect((await raw(server, 'GET', `/v1/calendars/?patient=${org1.patient2.userId}`, { headers: key })).status).toBe(403);
    expect((await raw(server, 'PATCH', `/v1/accounts/${encodeURIComponent(org1.patient2.accountId)}`, { headers: key, json: { debug: true } })).status).toBe(403);
  });

  it("a patient's list holds only its own entries", async () => {
    const answer = await raw<CalendarEntry[]>(server, 'GET', '/v1/calendars/', { headers: withKey(org1.onlyself.apiKey) });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    expect(answer.body.every((entry: { userId: string }) => entry.userId === org1.onlyself.userId)).toBe(true);
  });
});

describe('no privilege escalation on user create', () => {
  const cases = [
    { role: 'user', creates: 'admin', status: 403 },
    { role: 'user', creates: 'user', status: 403 },
    { role: 'user', creates: 'onlyself', status: 403 },
    { role: 'user', creates: 'patient', status: 201 },
    { role: 'admin', creates: 'admin', status: 201 },
    { role: 'patient', creates: 'patient', status: 403 },
  ] as const;
  for (const { role, creates, status } of cases) {
    it(`${role} creating ${creates}: ${status}`, async () => {
      const answer = await raw(server, 'POST', '/v1/users/', { headers: withKey(org1[role].apiKey), json: { organization: org1.id, role: creates, name: `${role} made ${creates}` } });
      expect(answer.status, answer.text).toBe(status);
    });
  }
});

describe('cross-tenant access: 403 and never the content', () => {
  for (const call of crossTenantCalls) {
    it(`${call.id} on another organization's record`, async () => {
      const answer = await raw(server, call.method, call.path, { headers: withKey(org1.admin.apiKey), json: call.json });
      expect(answer.status, answer.text).toBe(403);
      expect((answer.body as Problem).code).toBe('forbidden');
      expect(answer.text).not.toContain(org2.name);
      expect(answer.text).not.toContain('lindenhof');
    });
  }
});
