/**
 * The idempotency step on its own, where timing can be controlled: a key still running (409),
 * expiry after the keep time, failures kept for no replay, bounded memory, key format.
 * Replays over real HTTP are tested through the SDK (packages/sdk/test/idempotency.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../src/domain/access/caller.js';
import { ProblemError } from '../src/domain/operation/problems.js';
import { IdempotencyStep } from '../src/pipeline/idempotency.js';
import type { ApiRequest, ApiResponse } from '../src/pipeline/messages.js';

// Keys are scoped per user: each test caller is its own user.
const caller = (keyId: string) => ({ credential: { kind: 'api-key', keyId }, user: { id: keyId } }) as Caller;

function post(body: string, key: string | undefined, method = 'POST'): ApiRequest {
  const bytes = new TextEncoder().encode(body);
  return {
    method,
    pathname: '/v1/medications/',
    search: '',
    origin: 'http://127.0.0.1:4010',
    header: (name) => (name === 'idempotency-key' ? key : name === 'content-type' ? 'application/json' : undefined),
    readBody: () => Promise.resolve({ kind: 'bytes', bytes }),
  };
}

/** An operation that answers with a counter, so that a replay can be told from a second run. */
function counting(status = 201) {
  let runs = 0;
  const next = async (request: ApiRequest): Promise<ApiResponse> => {
    runs++;
    const read = await request.readBody(1024);
    const body = read.kind === 'bytes' ? new TextDecoder().decode(read.bytes) : '';
    return { status, headers: { 'content-type': 'application/json', 'x-request-id': 'first' }, body: JSON.stringify({ run: runs, body }) };
  };
  return { next, runs: () => runs };
}

describe('IdempotencyStep', () => {
  it('runs once and replays the answer under the new request id, with Idempotent-Replayed: true; the operation still reads the body', async () => {
    const step = new IdempotencyStep();
    const op = counting();
    const first = await step.run(post('{"name":"a"}', 'k1'), caller('c1'), 'r1', op.next);
    const second = await step.run(post('{"name":"a"}', 'k1'), caller('c1'), 'r2', op.next);
    expect(op.runs()).toBe(1);
    expect(JSON.parse(String(first.body))).toEqual({ run: 1, body: '{"name":"a"}' });
    expect(second).toEqual({ status: 201, headers: { 'content-type': 'application/json', 'x-request-id': 'r2', 'idempotent-replayed': 'true' }, body: first.body });
  });

  it('409 while the first request with the key is still running, then the replay once it is done', async () => {
    const step = new IdempotencyStep();
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = async (): Promise<ApiResponse> => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
      return { status: 201, headers: {}, body: '{"id":"x"}' };
    };
    const first = step.run(post('{}', 'k'), caller('c'), 'r1', slow);
    // The operation runs: the key is taken (an event, not a 10 ms guess).
    await running;
    const during = await step.run(post('{}', 'k'), caller('c'), 'r2', slow).catch((error: unknown) => error);
    expect(during).toBeInstanceOf(ProblemError);
    expect(during).toMatchObject({ code: 'conflict', status: 409, headers: { 'retry-after': '1' } });
    finish();
    expect((await first).status).toBe(201);
    expect((await step.run(post('{}', 'k'), caller('c'), 'r3', slow)).headers['idempotent-replayed']).toBe('true');
  });

  it('422 for the same key with another body, path or method', async () => {
    const step = new IdempotencyStep();
    const op = counting();
    await step.run(post('{"name":"a"}', 'k'), caller('c'), 'r1', op.next);
    for (const other of [post('{"name":"b"}', 'k'), post('{"name":"a"}', 'k', 'PATCH'), { ...post('{"name":"a"}', 'k'), pathname: '/v1/users/' }]) {
      await expect(step.run(other, caller('c'), 'r2', op.next)).rejects.toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    }
    expect(op.runs()).toBe(1);
  });

  it('keys of different credentials never meet', async () => {
    const step = new IdempotencyStep();
    const op = counting();
    await step.run(post('{}', 'k'), caller('c1'), 'r1', op.next);
    const other = await step.run(post('{}', 'k'), caller('c2'), 'r2', op.next);
    expect(op.runs()).toBe(2);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps an answer for the keep time only (24 h by default)', async () => {
    let now = 0;
    const step = new IdempotencyStep({ now: () => now });
    const op = counting();
    await step.run(post('{}', 'k'), caller('c'), 'r1', op.next);
    now = 24 * 60 * 60 * 1000 - 1;
    await step.run(post('{}', 'k'), caller('c'), 'r2', op.next);
    expect(op.runs()).toBe(1);
    now = 24 * 60 * 60 * 1000;
    await step.run(post('{}', 'k'), caller('c'), 'r3', op.next);
    expect(op.runs()).toBe(2);
  });

  it('keeps no failure: thrown problems, 429 and 5xx run again on retry', async () => {
    const step = new IdempotencyStep();
    let runs = 0;
    const failing = (): Promise<ApiResponse> => {
      runs++;
      if (runs === 1) return Promise.reject(new ProblemError('conflict', 'busy'));
      return Promise.resolve({ status: runs === 2 ? 503 : 201, headers: {}, body: '{}' });
    };
    await expect(step.run(post('{}', 'k'), caller('c'), 'r1', failing)).rejects.toBeInstanceOf(ProblemError);
    expect((await step.run(post('{}', 'k'), caller('c'), 'r2', failing)).status).toBe(503);
    expect((await step.run(post('{}', 'k'), caller('c'), 'r3', failing)).status).toBe(201);
    expect((await step.run(post('{}', 'k'), caller('c'), 'r4', failing)).headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(3);
  });

  it("bounds kept answers in bytes per credential: a credential past its share forgets its own oldest, never another's", async () => {
    const step = new IdempotencyStep({ maxBytesPerCredential: 4 * 1024, maxBytes: 64 * 1024 });
    const op = counting();
    await step.run(post('{"quiet":1}', 'q'), caller('quiet'), 'r', op.next);
    const big = JSON.stringify({ pad: 'x'.repeat(1500) });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await step.run(post(big, key), caller('loud'), 'r', op.next);
    expect(op.runs()).toBe(6);
    expect(step.store.bytes).toBeLessThanOrEqual(4 * 1024 + 1024);
    await step.run(post(big, 'e'), caller('loud'), 'r', op.next); // the newest: replayed
    await step.run(post('{"quiet":1}', 'q'), caller('quiet'), 'r', op.next); // another credential's: replayed
    expect(op.runs()).toBe(6);
    await step.run(post(big, 'a'), caller('loud'), 'r', op.next); // the oldest of the loud one: forgotten
    expect(op.runs()).toBe(7);
  });

  it('keeps a large answer compactly (gzip) and replays it byte for byte', async () => {
    const step = new IdempotencyStep();
    const body = JSON.stringify({ notification: { text: 'Take with water. '.repeat(40_000) } });
    const next = (): Promise<ApiResponse> => Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, body });
    await step.run(post('{}', 'k'), caller('c'), 'r1', next);
    expect(step.store.bytes).toBeLessThan(body.length / 20);
    const again = await step.run(post('{}', 'k'), caller('c'), 'r2', next);
    expect(again.body).toBe(body);
  });

  it('refuses malformed keys with 400 and ignores keys on reads', async () => {
    const step = new IdempotencyStep();
    const op = counting(200);
    for (const key of ['', 'has space', 'x'.repeat(256), 'ümlaut']) {
      await expect(step.run(post('{}', key), caller('c'), 'r', op.next), JSON.stringify(key)).rejects.toMatchObject({ code: 'validation_failed', status: 400 });
    }
    await step.run(post('', 'k', 'GET'), caller('c'), 'r1', op.next);
    await step.run(post('', 'k', 'GET'), caller('c'), 'r2', op.next);
    expect(op.runs()).toBe(2);
  });

  it('fuzzed keys, bodies and methods: a key answers once, replays only the same request, never throws anything but a problem', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 200 }),
        fc.constantFrom('POST', 'PATCH', 'DELETE', 'GET', 'PUT'),
        async (key, body, otherBody, method) => {
          const step = new IdempotencyStep();
          const op = counting();
          const valid = /^[\x21-\x7e]{1,255}$/.test(key);
          const first = await step.run(post(body, key, method), caller('c'), 'r1', op.next).catch((error: unknown) => error);
          if (method === 'GET') {
            expect(op.runs()).toBe(1);
            return;
          }
          if (!valid) {
            expect(first).toMatchObject({ code: 'validation_failed', status: 400 });
            expect(op.runs()).toBe(0);
            return;
          }
          const again = await step.run(post(body, key, method), caller('c'), 'r2', op.next);
          expect(again.headers['idempotent-replayed']).toBe('true');
          expect(again.body).toBe((first as ApiResponse).body);
          const other = await step.run(post(otherBody, key, method), caller('c'), 'r3', op.next).catch((error: unknown) => error);
          if (otherBody === body) expect((other as ApiResponse).headers['idempotent-replayed']).toBe('true');
          else expect(other).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
          expect(op.runs()).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('fingerprints of JSON bodies (canonical: key order does not matter)', () => {
  it('the same object with its keys in another order, or other spacing, replays the first answer', async () => {
    const step = new IdempotencyStep();
    const op = counting();
    const first = await step.run(post('{"name":"Ibuprofen","strength":{"value":400,"unit":"mg"}}', 'k'), caller('a'), 'r1', op.next);
    const again = await step.run(post('{ "strength": {"unit":"mg", "value":400}, "name": "Ibuprofen" }', 'k'), caller('a'), 'r2', op.next);
    expect(op.runs()).toBe(1);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('another value, array order or type is another request (422)', async () => {
    for (const other of ['{"a":[2,1]}', '{"a":[1,2],"b":null}', '{"a":["1",2]}', '{"a":[1,2.5]}']) {
      const step = new IdempotencyStep();
      const op = counting();
      await step.run(post('{"a":[1,2]}', 'k'), caller('a'), 'r1', op.next);
      await expect(step.run(post(other, 'k'), caller('a'), 'r2', op.next), other).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    }
  });

  it('generated JSON: any permutation of keys is the same request, any changed value another', async () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const shuffle = (value: unknown, seed: number): unknown => {
      if (Array.isArray(value)) return value.map((item) => shuffle(item, seed));
      if (value === null || typeof value !== 'object') return value;
      const entries = Object.entries(value);
      const rotated = entries.length === 0 ? entries : [...entries.slice(seed % entries.length), ...entries.slice(0, seed % entries.length)].reverse();
      return Object.fromEntries(rotated.map(([key, item]) => [key, shuffle(item, seed + 1)]));
    };
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), json), fc.nat(), async (object, seed) => {
        const step = new IdempotencyStep();
        const op = counting();
        await step.run(post(JSON.stringify(object), 'k'), caller('a'), 'r1', op.next);
        await step.run(post(JSON.stringify(shuffle(object, seed)), 'k'), caller('a'), 'r2', op.next);
        expect(op.runs()).toBe(1);
        await expect(step.run(post(JSON.stringify({ ...object, ['\u0000changed']: seed }), 'k'), caller('a'), 'r3', op.next)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
      }),
      { numRuns: 200 },
    );
  });

  it('a body that is not JSON (or junk bytes) is fingerprinted by its bytes: the same bytes replay, others are 422', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (a, b) => {
        const step = new IdempotencyStep();
        const op = counting();
        await step.run(post(a, 'k'), caller('a'), 'r1', op.next);
        await step.run(post(a, 'k'), caller('a'), 'r2', op.next);
        expect(op.runs()).toBe(1);
        const sameJson = (() => {
          try {
            return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
          } catch {
            return false;
          }
        })();
        if (a !== b && !sameJson) await expect(step.run(post(b, 'k'), caller('a'), 'r3', op.next)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
      }),
      { numRuns: 200 },
    );
  });
});
