/**
 * Issue 18, GET /calendars/{id} at the cost of raw node:http: the serialized answer of a read by
 * id is kept per record version (pipeline/answer-cache.ts). A write makes the next read answer
 * the new version; tenancy and role checks still run on every read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { answersPerOrganization } from '../src/pipeline/answer-cache.js';
import { org1, org2 } from './support/demo.js';
import { raw, startTestServer, withKey } from './support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const entryId = '64d005000000000000000001';
const path = `/v1/calendars/${entryId}`;

describe('kept answers of GET /calendars/{id}', () => {
  it('answers a write at once, in every format the record is read', async () => {
    const first = await raw(server, 'GET', path, { headers: withKey(org1.admin.apiKey) });
    expect(first.status).toBe(200);
    const again = await raw(server, 'GET', path, { headers: withKey(org1.admin.apiKey) });
    expect(again.text).toBe(first.text);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const name = `Renamed ${Date.now()} — ünïcode ✓`;
    const patched = await raw(server, 'PATCH', path, { headers: withKey(org1.admin.apiKey), json: { name } });
    expect(patched.status, patched.text).toBe(200);
    const after = await raw(server, 'GET', path, { headers: withKey(org1.admin.apiKey) });
    expect(after.body).toMatchObject({ id: entryId, name, title: name });
    expect(after.text).toBe(patched.text);
    // content-length counts UTF-8 bytes, not characters.
    expect(Number(after.headers.get('content-length'))).toBe(Buffer.byteLength(after.text));
  });

  it('still refuses another organization and a patient reading another patient', async () => {
    await raw(server, 'GET', path, { headers: withKey(org1.admin.apiKey) });
    const other = await raw(server, 'GET', path, { headers: withKey(org2.admin.apiKey) });
    expect(other.status).toBe(403);
    expect(other.text).not.toContain('Morning tablet');
    const patient2 = await raw(server, 'GET', path, { headers: withKey(org1.patient2.apiKey) });
    expect(patient2.status).toBe(403);
  });

  it('a deleted organization entry is 404, not a kept answer', async () => {
    const created = await raw<{ id: string }>(server, 'POST', '/v1/calendars/', {
      headers: withKey(org1.admin.apiKey),
      json: { name: 'To delete', patient: org1.patient.userId, date: '2026-03-01', intakeTime: '09:00' },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    expect((await raw(server, 'GET', `/v1/calendars/${id}`, { headers: withKey(org1.admin.apiKey) })).status).toBe(200);
    const table = server.reference.db.calendarEntries;
    table.delete(table.get(id)!);
    expect((await raw(server, 'GET', `/v1/calendars/${id}`, { headers: withKey(org1.admin.apiKey) })).status).toBe(404);
  });

  it('keeps at most a bounded number of answers per organization', () => {
    const cache = server.reference.pipeline.answers;
    for (let i = 0; i < answersPerOrganization + 50; i++) cache.answer('org-a', { i }, (record: { i: number }) => record);
    const kept = { i: -1 };
    cache.answer('org-b', kept, (record: { i: number }) => record);
    for (let i = 0; i < answersPerOrganization + 50; i++) cache.answer('org-a', { i }, (record: { i: number }) => record);
    // org-a's reads pushed out only its own answers.
    let made = 0;
    cache.answer('org-b', kept, (record: { i: number }) => (made++, record));
    expect(made).toBe(0);
  });
});
