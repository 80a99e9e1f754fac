/**
 * Issue 18, memory: the answers kept for Idempotency-Key replays are bounded in bytes, with a
 * share per credential. Over HTTP against the built `medsched-server`: one patient key floods
 * PATCHes of ~900 KB with fresh keys; another tenant's saved answer is still replayed (its
 * retried create does not run twice), and the server answers everyone throughout. Then the
 * store on its own, fuzzed: the bounds hold whatever the sequence.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplayStore } from '../src/pipeline/replay-store.js';
import { org1, org2 } from './support/demo.js';
import { call, largeNotification, originOf } from './support/http-call.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { Medication } from '@medsched/sdk';

let server: ServerProcess;
let origin: string;
beforeAll(async () => {
  // Small bounds so that a short flood passes them many times over.
  server = await startServerBin(['--port', '0', '--idempotency-mb', '4', '--idempotency-credential-mb', '2']);
  origin = originOf(server.url);
});
afterAll(() => server?.kill());

describe('kept answers per credential, over HTTP', () => {
  it("a patient's flood of large PATCHes with fresh keys never evicts another tenant's saved answer", async () => {
    const create = () => call<Medication>(origin, 'POST', '/v1/medications/', { apiKey: org2.admin.apiKey, json: { name: 'Replay me' }, headers: { 'idempotency-key': 'org2-create-1' } });
    const first = await create();
    expect(first.status).toBe(201);

    const account = `/v1/accounts/${encodeURIComponent(org1.patient.accountId)}`;
    const flood = async (index: number) => {
      const answer = await call(origin, 'PATCH', account, { apiKey: org1.patient.apiKey, json: { notification: largeNotification(900_000) }, headers: { 'idempotency-key': `flood-${index}` } });
      expect(answer.status).toBe(200);
    };
    // 24 answers of ~900 KB: six times the whole store, twelve times the patient's share.
    for (let batch = 0; batch < 6; batch++) await Promise.all([0, 1, 2, 3].map((n) => flood(batch * 4 + n)));

    const retried = await create();
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body.id).toBe(first.body.id);
    const list = await call(origin, 'GET', `/v1/organizations/${org2.id}`, { apiKey: org2.admin.apiKey });
    expect(list.status).toBe(200);

    // The flood's newest key is still known (another body under it: 422); its oldest was forgotten
    // to stay within the patient's share, so the key is free again (200).
    const newest = await call(origin, 'PATCH', account, { apiKey: org1.patient.apiKey, json: { language: 'de' }, headers: { 'idempotency-key': 'flood-23' } });
    expect(newest.status).toBe(422);
    const oldest = await call(origin, 'PATCH', account, { apiKey: org1.patient.apiKey, json: { language: 'de' }, headers: { 'idempotency-key': 'flood-0' } });
    expect(oldest.status).toBe(200);
  }, 60_000);
});

describe('generated junk with Idempotency-Keys, over HTTP', () => {
  it('every answer is 2xx or a 4xx problem; a replay repeats the first answer byte for byte', async () => {
    const keys = [org1.admin.apiKey, org1.patient.apiKey, org2.admin.apiKey];
    const paths = ['/v1/medications/', `/v1/accounts/${encodeURIComponent(org1.patient.accountId)}`, '/v1/calendars/', `/v1/organizations/${org2.id}`];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...keys),
        fc.constantFrom('POST', 'PATCH', 'PUT', 'DELETE'),
        fc.constantFrom(...paths),
        fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.stringMatching(/^[\x21-\x7e]{1,20}$/)),
        fc.oneof(
          fc.json({ maxDepth: 2 }),
          fc.nat({ max: 1_300_000 }).map((size) => JSON.stringify({ name: 'x', notification: largeNotification(size) })),
        ),
        async (apiKey, method, path, key, body) => {
          const send = () => call(origin, method, path, { apiKey, body, headers: { 'content-type': 'application/json', 'idempotency-key': key } }).catch((error: unknown) => ({ error }));
          const first = await send();
          expect(first).not.toHaveProperty('error');
          const { status, text, headers } = first as Awaited<ReturnType<typeof call>>;
          expect(status < 300 || (status >= 400 && status < 500), text).toBe(true);
          if (status >= 400) expect(headers.get('content-type')).toBe('application/problem+json');
          const again = (await send()) as Awaited<ReturnType<typeof call>>;
          if (again.headers.get('idempotent-replayed') === 'true') {
            expect(again.status).toBe(status);
            expect(again.text).toBe(text);
          }
        },
      ),
      { numRuns: 40 },
    );
    expect((await call(origin, 'GET', `/v1/organizations/${org2.id}`, { apiKey: org2.admin.apiKey })).status).toBe(200);
  }, 120_000);
});

describe('ReplayStore bounds (fuzzed)', () => {
  const answer = (size: number) => ({ status: 200, headers: {}, body: { kind: 'bytes' as const, bytes: new Uint8Array(size), text: false } });

  it('never holds more than its total or a credential more than its share; a credential is never evicted by others while all shares fit the total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ credential: fc.constantFrom('a', 'b', 'c'), key: fc.string({ minLength: 1, maxLength: 4 }), size: fc.nat({ max: 3000 }) }), { maxLength: 200 }),
        fc.array(fc.nat({ max: 400 }), { minLength: 1, maxLength: 3 }),
        (writes, quietSizes) => {
          // Four credentials × 4 KB shares fit the 16 KB total: nobody may lose an answer to another.
          const store = new ReplayStore({ maxBytes: 16 * 1024, maxBytesPerCredential: 4 * 1024 });
          quietSizes.forEach((size, index) => store.finish('quiet', `q${index}`, store.start('quiet', `q${index}`, 'f', 1e12), answer(size)));
          for (const write of writes) {
            const entry = store.start(write.credential, write.key, 'f', 1e12);
            store.finish(write.credential, write.key, entry, answer(write.size));
            expect(store.bytes).toBeLessThanOrEqual(16 * 1024);
          }
          quietSizes.forEach((_, index) => expect(store.get('quiet', `q${index}`, 0)?.answer).toBeDefined());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('past the total, the credential holding the most gives up its oldest first; expired entries are dropped', () => {
    const store = new ReplayStore({ maxBytes: 6000, maxBytesPerCredential: 5000 });
    store.finish('quiet', 'q', store.start('quiet', 'q', 'f', 1000), answer(500));
    for (let index = 0; index < 10; index++) store.finish('loud', `l${index}`, store.start('loud', `l${index}`, 'f', 1000), answer(1000));
    store.finish('other', 'o', store.start('other', 'o', 'f', 1000), answer(1500));
    expect(store.bytes).toBeLessThanOrEqual(6000);
    expect(store.get('quiet', 'q', 0)).toBeDefined();
    expect(store.get('other', 'o', 0)).toBeDefined();
    expect(store.get('loud', 'l0', 0)).toBeUndefined();
    expect(store.get('loud', 'l9', 0)).toBeDefined();
    expect(store.get('quiet', 'q', 1000)).toBeUndefined();
    expect(store.get('loud', 'l9', 61_000)).toBeUndefined();
    expect(store.bytes).toBe(0);
    expect(store.size).toBe(0);
  });
});
