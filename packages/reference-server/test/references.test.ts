import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2, unknownId } from './support/demo.js';
import { raw, snapshot, startTestServer, withKey } from './support/server.js';
import type { CalendarEntry } from '@medsched/sdk';

/** Ids in bodies follow the rules for ids in paths (api-decisions.md): another organization's 403, unknown 404. */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const staff = withKey(org1.user.apiKey);

describe('references in bodies', () => {
  it("a calendar entry's medication must be one of the caller's organization", async () => {
    const before = snapshot(server);
    const base = { patient: org1.patient.userId, name: 'Reference', date: '2026-09-01' };
    const foreign = await raw(server, 'POST', '/v1/calendars/', { headers: staff, json: { ...base, medication: org2.medication } });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('Atorvastatin');
    const unknown = await raw(server, 'POST', '/v1/calendars/', { headers: staff, json: { ...base, medication: unknownId } });
    expect(unknown.status).toBe(404);
    for (const method of ['POST', 'PATCH']) {
      const answer = await raw(server, method, `/v1/calendars/${org1.entryOf.patient2}`, { headers: staff, json: { ...base, medication: org2.medication } });
      expect(answer.status, method).toBe(403);
    }
    expect(snapshot(server)).toBe(before);
    const own = await raw<CalendarEntry>(server, 'POST', '/v1/calendars/', { headers: staff, json: { ...base, medication: org1.medication } });
    expect(own.status).toBe(201);
    expect(own.body.medication).toBe(org1.medication);
  });

  it('a device can only be given to a patient of its own organization', async () => {
    const before = snapshot(server);
    expect((await raw(server, 'PATCH', `/v1/devices/${org1.spareDevice}`, { headers: staff, json: { patient: org2.patient.userId } })).status).toBe(403);
    expect((await raw(server, 'PATCH', `/v1/devices/${org1.spareDevice}`, { headers: staff, json: { patient: unknownId } })).status).toBe(404);
    expect(snapshot(server)).toBe(before);
  });
});
