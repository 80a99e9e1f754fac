/**
 * A request with an API key seen lately reuses what the server worked out for it (the key's
 * digest, its record, the caller made from it: domain/access/authentication.ts) and reads of a
 * path seen lately reuse its route and checked parameters (pipeline/pipeline.ts). Whatever a
 * write changes is seen by the very next request: the account, the user's organization and role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { raw, startTestServer, withKey } from './support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('what a request reuses of the requests before it', () => {
  it("a patient's account update is what the next request sees of that account", async () => {
    const path = `/v1/accounts/${encodeURIComponent(org1.patient.accountId)}`;
    for (const language of ['de', 'fr', 'it']) {
      const updated = await raw(server, 'PATCH', path, { headers: withKey(org1.patient.apiKey), json: { language } });
      expect(updated.status, updated.text).toBe(200);
      // An empty update answers the account as it is, as the caller's credential resolves it.
      const read = await raw(server, 'PATCH', path, { headers: withKey(org1.patient.apiKey), json: {} });
      expect(read.body).toMatchObject({ language });
    }
  });

  it("a user's new role applies to the next request with the same key", async () => {
    const path = '/v1/users/?organization=' + org1.id;
    expect((await raw(server, 'GET', path, { headers: withKey(org1.user.apiKey) })).status).toBe(200);
    // A role changed in the store (the interface has no route for it; an operator's tool might).
    const users = server.reference.db.users;
    const record = users.get(org1.user.userId)!;
    await users.update(record, (draft) => {
      draft.role = 'patient';
    });
    const after = await raw(server, 'GET', path, { headers: withKey(org1.user.apiKey) });
    expect(after.status, after.text).toBe(403);
    await users.update(users.get(org1.user.userId)!, (draft) => {
      draft.role = 'user';
    });
    expect((await raw(server, 'GET', path, { headers: withKey(org1.user.apiKey) })).status).toBe(200);
  });

  it('a path read before and a malformed one answer as they would the first time', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await raw(server, 'GET', '/v1/calendars/64d005000000000000000001', { headers: withKey(org1.admin.apiKey) })).status).toBe(200);
      const malformed = await raw(server, 'GET', '/v1/calendars/not-an-id', { headers: withKey(org1.admin.apiKey) });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'invalid_id' });
      expect((await raw(server, 'HEAD', '/v1/calendars/64d005000000000000000001', { headers: withKey(org1.admin.apiKey) })).status).toBe(200);
      expect((await raw(server, 'DELETE', '/v1/organizations/' + org1.id, { headers: withKey(org1.admin.apiKey) })).status).toBe(405);
    }
  });
});
