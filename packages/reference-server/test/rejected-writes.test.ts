import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2, unknownId } from './support/demo.js';
import { crossTenantCalls, operationCalls } from './support/operations.js';
import { raw, snapshot, startTestServer, withKey } from './support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Writes each refused for a different reason; none may change anything. */
const refusedWrites = () => [
  ...crossTenantCalls.filter((call) => call.method !== 'GET').map((call) => ({ ...call, key: org1.admin.apiKey })),
  ...operationCalls('patient')
    .filter((call) => call.method !== 'GET' && call.id !== 'accounts.update')
    .map((call) => ({ ...call, key: org1.patient.apiKey })),
  { id: 'no credential', method: 'POST', path: '/v1/medications/', json: { name: 'x' }, key: '' },
  { id: 'validation', method: 'POST', path: '/v1/calendars/', json: { patient: org1.patient.userId, intakeTime: '25:99' }, key: org1.admin.apiKey },
  { id: 'staff user as patient', method: 'POST', path: '/v1/calendars/', json: { patient: org1.user.userId }, key: org1.admin.apiKey },
  { id: 'unknown patient', method: 'PATCH', path: `/v1/devices/${org1.spareDevice}`, json: { patient: unknownId }, key: org1.admin.apiKey },
  { id: 'escalation', method: 'POST', path: '/v1/users/', json: { organization: org1.id, role: 'admin' }, key: org1.user.apiKey },
  { id: 'duplicate e-mail', method: 'POST', path: '/v1/users/', json: { organization: org1.id, email: org1.admin.email }, key: org1.admin.apiKey },
  { id: 'mismatched organization', method: 'PATCH', path: `/v1/organizations/${org1.id}`, json: { organization: org2.id, name: 'x' }, key: org1.admin.apiKey },
  { id: 'unknown key in body', method: 'PATCH', path: `/v1/medications/${org1.medication}`, json: { nmae: 'typo' }, key: org1.admin.apiKey },
  { id: 'other account', method: 'PATCH', path: `/v1/accounts/${encodeURIComponent(org1.admin.accountId)}`, json: { language: 'fr' }, key: org1.user.apiKey },
];

describe('rejected requests change nothing', () => {
  it('the data after each refused write equals the data before', async () => {
    for (const write of refusedWrites()) {
      const before = snapshot(server);
      const answer = await raw(server, write.method, write.path, { headers: write.key ? withKey(write.key) : {}, json: write.json });
      expect(answer.status, `${write.id}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(snapshot(server) === before, `${write.id} changed the data`).toBe(true);
    }
  });
});
