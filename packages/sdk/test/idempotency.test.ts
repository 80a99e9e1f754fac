/**
 * Idempotency keys end to end, over real HTTP against the reference server process: replays,
 * a reused key with another body, and a create whose connection is reset after the server
 * wrote it (the retry carries the same key and gets the first answer, nothing is created twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, createClient, type LoggerEntry, type Medication, type MedschedClient } from '../src/index.js';
import { demo, serverBuilt, startReferenceServer, startResettingProxy, type ResettingProxy, type ServerProcess } from './support/reference-server.js';

describe.skipIf(!serverBuilt)('idempotent creates against the reference server', () => {
  let server: ServerProcess;
  let proxy: ResettingProxy;
  let client: MedschedClient;

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startResettingProxy(server.port);
    client = createClient({ baseUrl: server.url, apiKey: demo.adminKey, retryDelays: { initialMs: 5, maxMs: 20 } });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });

  /** The entries of the demo patient with this exact name. */
  async function entriesNamed(name: string) {
    const page = await client.calendars.list({ patient: demo.patient, name, limit: 100 });
    return page.items.filter((entry) => entry.name === name);
  }

  it('the same key and body: the first answer again (201, same id), marked as a replay; one record', async () => {
    const body = { patient: demo.patient, name: `Replay ${Date.now()}`, date: '2026-12-01', intakeTime: '08:00' };
    const first = await client.calendars.create(body, { idempotencyKey: 'test-replay-1' }).withResponse();
    const second = await client.calendars.create(body, { idempotencyKey: 'test-replay-1' }).withResponse();
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.data).toEqual(first.data);
    expect(second.requestId).not.toBe(first.requestId);
    expect(await entriesNamed(body.name)).toHaveLength(1);
  });

  it('the same key with another body: 422 idempotency_key_reused, nothing created', async () => {
    const name = `Reused ${Date.now()}`;
    await client.medications.create({ name }, { idempotencyKey: 'test-reused-1' });
    const error = await client.medications.create({ name: `${name} other` }, { idempotencyKey: 'test-reused-1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });

  it('keys are per credential: another credential with the same key creates its own record', async () => {
    const name = `Per credential ${Date.now()}`;
    const other = createClient({ baseUrl: server.url, apiKey: 'msk_demo_sonnen_user' });
    const mine = await client.medications.create({ name }, { idempotencyKey: 'test-shared-key' });
    const theirs = await other.medications.create({ name }, { idempotencyKey: 'test-shared-key' }).withResponse();
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.data.id).not.toBe(mine.id);
  });

  it('a create whose connection is reset after the server wrote it is retried with the same key: one record, the first answer', async () => {
    const waits: LoggerEntry[] = [];
    const viaProxy = createClient({
      baseUrl: proxy.url,
      apiKey: demo.adminKey,
      retryDelays: { initialMs: 5, maxMs: 20 },
      logger: (entry) => entry.type === 'retry-wait' && waits.push(entry),
    });
    const body = { patient: demo.patient, name: `Reset ${Date.now()}`, date: '2026-12-02', timeCategory: 'noon' as const };
    proxy.resetNext(1);
    const created = await viaProxy.calendars.create(body).withResponse();
    expect(proxy.resets).toBe(1);
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBe('true');
    expect(waits).toMatchObject([{ type: 'retry-wait', reason: 'connection_error', attempt: 1 }]);
    const stored = await entriesNamed(body.name);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(created.data.id);
  });

  it('without keys (validation and keys off by a raw request) the same body creates twice: the key is what prevents it', async () => {
    const name = `Twice ${Date.now()}`;
    const send = () => fetch(`${server.url}/medications/`, { method: 'POST', headers: { 'x-api-key': demo.adminKey, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    const [a, b] = [(await (await send()).json()) as Medication, (await (await send()).json()) as Medication];
    expect(a.id).not.toBe(b.id);
  });
});
