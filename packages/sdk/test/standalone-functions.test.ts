/**
 * The small-bundle form of the client over real HTTP against the reference server process: a
 * base client (`createBaseClient`) with the standalone functions (`listCalendarEntries(client, …)`)
 * and with resource classes built on it (`new Calendars(client)`), answering as `createClient()`'s
 * methods do: same pages, same typed errors, same idempotent replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Calendars,
  createBaseClient,
  createCalendarEntry,
  createClient,
  getCalendarEntry,
  getOrganization,
  iterateCalendarEntries,
  listCalendarEntries,
  listUsers,
  MedschedBaseClient,
  NotFoundError,
  ValidationError,
  type MedschedClient,
} from '../src/index.js';
import { demo, serverBuilt, startReferenceServer, type ServerProcess } from './support/reference-server.js';

describe.skipIf(!serverBuilt)('standalone functions on a base client, against the reference server', () => {
  let server: ServerProcess;
  let base: MedschedBaseClient;
  let full: MedschedClient;

  beforeAll(async () => {
    server = await startReferenceServer();
    base = createBaseClient({ baseUrl: server.url, apiKey: demo.adminKey });
    full = createClient({ baseUrl: server.url, apiKey: demo.adminKey });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a list gives the page the full client gives, and its next page', async () => {
    const query = { patient: demo.patient, limit: 2 };
    const page = await listCalendarEntries(base, query);
    const same = await full.calendars.list(query);
    expect(page.items.map((entry) => entry.id)).toEqual(same.items.map((entry) => entry.id));
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(same.total);
    const next = await page.next();
    expect(next?.items.map((entry) => entry.id)).toEqual((await same.next())?.items.map((entry) => entry.id));
  });

  it('iterates every entry page by page, as client.calendars.iterate does', async () => {
    const ids: string[] = [];
    for await (const entry of iterateCalendarEntries(base, { patient: demo.patient, limit: 1 })) ids.push(entry.id);
    const expected: string[] = [];
    for await (const entry of full.calendars.iterate({ patient: demo.patient, limit: 1 })) expected.push(entry.id);
    expect(ids).toEqual(expected);
    expect(ids.length).toBeGreaterThan(1); // one entry a page: every page was walked
  });

  it('a create with a key is replayed with the first answer (withResponse), and read back by id', async () => {
    const body = { patient: demo.patient, name: `Standalone ${demo.patient}`, date: '2026-12-02', intakeTime: '08:00' };
    const first = await createCalendarEntry(base, body, { idempotencyKey: 'standalone-create-1' }).withResponse();
    const again = await createCalendarEntry(base, body, { idempotencyKey: 'standalone-create-1' }).withResponse();
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data.id).toBe(first.data.id);
    expect(await getCalendarEntry(base, first.data.id)).toEqual(await full.calendars.get(first.data.id));
  });

  it('errors are the same typed errors: a 404, and input refused before sending', async () => {
    await expect(getCalendarEntry(base, '64d0ffffffffffffffffffff')).rejects.toBeInstanceOf(NotFoundError);
    await expect(getOrganization(base, demo.organization)).resolves.toMatchObject({ id: demo.organization });
    await expect(listUsers(base, { organization: 'not-an-id' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('a resource class on a base client, and the full client is a base client too (request() unchanged)', async () => {
    const calendars = new Calendars(base);
    expect((await calendars.list({ patient: demo.patient, limit: 1 })).items).toHaveLength(1);
    expect(full).toBeInstanceOf(MedschedBaseClient);
    expect(await listCalendarEntries(full, { patient: demo.patient, limit: 1 })).toHaveProperty('items');
    const raw = await base.request({ method: 'GET', path: `/organizations/${demo.organization}` });
    expect(raw).toMatchObject({ id: demo.organization });
  });
});
