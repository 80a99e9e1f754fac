import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { raw, startTestServer, withKey } from './support/server.js';
import type { Device } from '@medsched/sdk';

/** `PATCH /devices/{id}`: ids in the body are checked like ids in paths (issue 33: `paper`). */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A device as answered here: the SDK's \`Device\` does not declare \`paper\` (yet), which the server sends and \`DeviceUpdate\` takes. */
type DeviceWithPaper = Device & { paper?: string | null };

const patch = (paper: string | null) => raw(server, 'PATCH', `/v1/devices/${org1.deviceOf.patient}`, { headers: withKey(org1.admin.apiKey), json: { paper } });

describe('paper', () => {
  it("another organization's record or organization id is 403 and not stored; own records, unknown ids and null are stored", async () => {
    for (const foreign of [org2.id, org2.patient.userId, org2.admin.userId]) {
      const answer = await patch(foreign);
      expect(answer.status, foreign).toBe(403);
      expect(answer.text).not.toContain(foreign);
    }
    const device = await raw<DeviceWithPaper>(server, 'GET', `/v1/devices/${org1.deviceOf.patient}`, { headers: withKey(org1.admin.apiKey) });
    expect([undefined, null]).toContain(device.body.paper);
    for (const own of [org1.patient.userId, 'f'.repeat(24), null]) {
      const answer = await patch(own);
      expect(answer.status, String(own)).toBe(200);
      expect((answer.body as DeviceWithPaper).paper).toBe(own);
    }
  });
});
