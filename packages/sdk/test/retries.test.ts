/** Retries: counted per handler, only for idempotent operations, with back-off and Retry-After. */
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, BadRequestError, ConflictError, ConnectionError, InternalServerError, NotFoundError, RateLimitError, ValidationError, type MedschedClient } from '../src/index.js';
import { bakeResult, calendarEntry, ids, medication, user } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { loggedClient, problemResponse, testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

useServer();

const retryable = [
  { status: 503, code: 'internal', Class: InternalServerError },
  { status: 500, code: 'internal', Class: InternalServerError },
  { status: 429, code: 'rate_limited', Class: RateLimitError },
  { status: 408, code: 'validation_failed', Class: ApiError },
] as const;

/** The idempotent operations, one per method, plus the bake POST. */
const idempotent: { name: string; run: (client: MedschedClient) => Promise<unknown>; ok: () => Response }[] = [
  { name: 'GET calendars.get', run: (c) => c.calendars.get(ids.calendar), ok: () => HttpResponse.json(calendarEntry()) },
  { name: 'GET calendars.list', run: (c) => c.calendars.list({ patient: ids.patient }), ok: () => HttpResponse.json([calendarEntry()]) },
  { name: 'PATCH calendars.update', run: (c) => c.calendars.update(ids.calendar, { amount: 2 }), ok: () => HttpResponse.json(calendarEntry()) },
  { name: 'PATCH medications.update', run: (c) => c.medications.update(ids.medication, { name: 'x' }), ok: () => HttpResponse.json(medication()) },
  { name: 'DELETE medications.delete', run: (c) => c.medications.delete(ids.medication), ok: () => HttpResponse.json(medication()) },
  { name: 'DELETE calendars.bake.delete', run: (c) => c.calendars.bake.delete({ patient: ids.patient, from: '2026-11-23', to: '2026-11-29' }), ok: () => HttpResponse.json([]) },
  { name: 'POST calendars.bake.create', run: (c) => c.calendars.bake.create({ patient: ids.patient, from: '2026-11-23', to: '2026-11-29' }), ok: () => HttpResponse.json(bakeResult()) },
];

/** The creates: each carries an Idempotency-Key, so each may be retried. */
const creates: { name: string; run: (client: MedschedClient, options?: { maxRetries?: number; idempotencyKey?: string }) => Promise<unknown> }[] = [
  { name: 'POST /calendars/', run: (c, o) => c.calendars.create({ patient: ids.patient, name: 'Metformin 500', date: '2026-11-23' }, o) },
  { name: 'POST /medications/', run: (c, o) => c.medications.create({ name: 'Ibuprofen 400' }, o) },
  { name: 'POST /users/', run: (c, o) => c.users.create({ organization: ids.organization, name: 'Ada Patient' }, o) },
];

describe('retryable statuses', () => {
  it.each(retryable)('$status on a GET: 1 call + 2 retries (default maxRetries), then the error', async ({ status, code, Class }) => {
    const calls = sequence(() => problemResponse(status, code));
    const error = await failure(testClient().calendars.get(ids.calendar));
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(Class);
    expect((error as ApiError).status).toBe(status);
  });

  it.each(retryable)('$status then success: the call succeeds after the retries', async ({ status, code }) => {
    const calls = sequence((n) => (n < 3 ? problemResponse(status, code) : HttpResponse.json(calendarEntry())));
    await expect(testClient().calendars.get(ids.calendar)).resolves.toEqual(calendarEntry());
    expect(calls).toHaveLength(3);
  });

  describe.each(idempotent)('$name', ({ run, ok }) => {
    it('is retried on 503 and succeeds', async () => {
      const calls = sequence((n) => (n === 1 ? problemResponse(503, 'internal') : ok()));
      await run(testClient());
      expect(calls).toHaveLength(2);
      expect(calls[1]!.method).toBe(calls[0]!.method);
      expect(calls[1]!.url.href).toBe(calls[0]!.url.href);
      expect(calls[1]!.body).toEqual(calls[0]!.body);
    });

    it('is retried on connection errors, up to maxRetries', async () => {
      const calls = sequence(() => HttpResponse.error());
      const error = await failure(run(testClient()));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(calls).toHaveLength(3);
    });
  });

  it.each([
    { status: 400, code: 'validation_failed', Class: BadRequestError },
    { status: 404, code: 'not_found', Class: NotFoundError },
    { status: 409, code: 'conflict', Class: ConflictError },
  ])('$status is not retried', async ({ status, code, Class }) => {
    const calls = sequence(() => problemResponse(status, code));
    expect(await failure(testClient().calendars.update(ids.calendar, { amount: 2 }))).toBeInstanceOf(Class);
    expect(calls).toHaveLength(1);
  });
});

describe('creates carry an Idempotency-Key and are retried like the other calls', () => {
  describe.each(creates)('$name', ({ run }) => {
    it('on 503: the same key on every attempt, a fresh key per call', async () => {
      const calls = sequence(() => problemResponse(503, 'internal'));
      expect(await failure(run(testClient()))).toBeInstanceOf(InternalServerError);
      expect(calls).toHaveLength(3);
      const keys = calls.map((call) => call.headers.get('idempotency-key'));
      expect(keys[0]).toMatch(/^idk_[0-9a-f]{32}$/);
      expect(new Set(keys).size).toBe(1);
      await failure(run(testClient()));
      expect(calls[3]!.headers.get('idempotency-key')).not.toBe(keys[0]);
    });

    it('on 429 with Retry-After 0', async () => {
      const calls = sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '0' }));
      expect(await failure(run(testClient()))).toBeInstanceOf(RateLimitError);
      expect(calls).toHaveLength(3);
    });

    it('on a connection error, up to maxRetries per client and per call', async () => {
      const calls = sequence(() => HttpResponse.error());
      expect(await failure(run(testClient({ maxRetries: 5 }), { maxRetries: 4 }))).toBeInstanceOf(ConnectionError);
      expect(calls).toHaveLength(5);
    });

    it("uses the caller's key when given", async () => {
      const calls = sequence(() => problemResponse(503, 'internal'));
      await failure(run(testClient({ maxRetries: 1 }), { idempotencyKey: 'job-42-create' }));
      expect(calls.map((call) => call.headers.get('idempotency-key'))).toEqual(['job-42-create', 'job-42-create']);
    });
  });

  it('a create that succeeds is sent once (201)', async () => {
    const calls = sequence(() => HttpResponse.json(user(), { status: 201 }));
    await testClient().users.create({ organization: ids.organization });
    expect(calls).toHaveLength(1);
  });

  it('a key the server would refuse fails before sending (ValidationError), e.g. one with a space', async () => {
    const calls = sequence(() => HttpResponse.json(medication(), { status: 201 }));
    const error = await failure(testClient().medications.create({ name: 'x' }, { idempotencyKey: 'job 42' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ issues: [{ path: 'idempotencyKey' }] });
    expect(calls).toHaveLength(0);
  });

  it('reads that are not creates carry no Idempotency-Key', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient().medications.get(ids.medication);
    await testClient().medications.update(ids.medication, { name: 'x' });
    expect(calls.map((call) => call.headers.get('idempotency-key'))).toEqual([null, null]);
  });
});

describe('maxRetries', () => {
  it('per client', async () => {
    const calls = sequence(() => problemResponse(503, 'internal'));
    await failure(testClient({ maxRetries: 4 }).medications.get(ids.medication));
    expect(calls).toHaveLength(5);
  });

  it('0 per client means one attempt', async () => {
    const calls = sequence(() => problemResponse(503, 'internal'));
    await failure(testClient({ maxRetries: 0 }).medications.get(ids.medication));
    expect(calls).toHaveLength(1);
  });

  it('per call, overriding the client', async () => {
    const calls = sequence(() => problemResponse(503, 'internal'));
    const client = testClient({ maxRetries: 0 });
    await failure(client.medications.get(ids.medication, { maxRetries: 3 }));
    expect(calls).toHaveLength(4);
    await failure(testClient({ maxRetries: 4 }).medications.get(ids.medication, { maxRetries: 0 }));
    expect(calls).toHaveLength(5);
  });
});

describe('back-off and Retry-After', () => {
  it('waits exponentially with jitter between retries (seen through the logger)', async () => {
    sequence(() => problemResponse(503, 'internal'));
    const { client, logs } = loggedClient({ maxRetries: 3, retryDelays: { initialMs: 4, maxMs: 10 } });
    await failure(client.medications.get(ids.medication));
    expect(logs.map((entry) => entry.attempt)).toEqual([0, 1, 2, 3]);
    const waits = logs.map((entry) => entry.retryInMs);
    expect(waits[0]).toBeGreaterThanOrEqual(3);
    expect(waits[0]).toBeLessThanOrEqual(4);
    expect(waits[1]).toBeGreaterThanOrEqual(6);
    expect(waits[1]).toBeLessThanOrEqual(8);
    expect(waits[2]).toBeGreaterThanOrEqual(8); // capped at maxMs 10
    expect(waits[2]).toBeLessThanOrEqual(10);
    expect(waits[3]).toBeUndefined(); // the last attempt announces no retry
  });

  it('the wait ky takes is the wait logged, each concurrent call with its own jitter', async () => {
    // Four calls fail at once and are retried: each draws its jitter in shouldRetry, and ky applies
    // it later through its own jitter option; the timers ky sets must be the waits the logger saw.
    sequence((n) => (n <= 4 ? problemResponse(503, 'internal') : HttpResponse.json(medication())));
    const timer = vi.spyOn(globalThis, 'setTimeout');
    try {
      const { client, waits } = loggedClient({ retryDelays: { initialMs: 400, maxMs: 400 } });
      await Promise.all([1, 2, 3, 4].map(() => client.medications.get(ids.medication)));
      const kyWaits = timer.mock.calls.map(([, ms]) => ms).filter((ms): ms is number => typeof ms === 'number' && ms >= 100 && ms <= 400);
      expect(waits).toHaveLength(4);
      for (const wait of waits) expect(wait.ms).toBeGreaterThanOrEqual(300); // 400 ms, jittered down by at most a quarter
      expect([...kyWaits].sort()).toEqual(waits.map((wait) => wait.ms).sort());
      expect(new Set(waits.map((wait) => wait.ms)).size).toBeGreaterThan(1); // drawn per call (equal four times: about 1 in 10^6)
    } finally {
      timer.mockRestore();
    }
  });

  it('honours Retry-After in seconds on 429', async () => {
    const calls = sequence((n) => (n === 1 ? problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '1' }) : HttpResponse.json(medication())));
    const { client, logs } = loggedClient();
    await expect(client.medications.get(ids.medication)).resolves.toEqual(medication());
    expect(calls).toHaveLength(2);
    expect(logs[0]).toMatchObject({ status: 429, attempt: 0, retryInMs: 1000 });
    expect(logs[1]).toMatchObject({ status: 200, attempt: 1 });
  });

  it('honours Retry-After 0 on 503 instead of the back-off', async () => {
    sequence((n) => (n === 1 ? problemResponse(503, 'internal', 'busy', { 'retry-after': '0' }) : HttpResponse.json(medication())));
    const { client, logs } = loggedClient({ retryDelays: { initialMs: 5, maxMs: 5 } });
    await client.medications.get(ids.medication);
    expect(logs[0]!.retryInMs).toBe(0);
  });

  it('a RateLimit-Reset without Retry-After is the wait ky takes, and the one logged', async () => {
    sequence((n) => (n === 1 ? problemResponse(503, 'internal', 'busy', { 'ratelimit-reset': '0.05' }) : HttpResponse.json(medication())));
    const { client, logs, waits } = loggedClient({ retryDelays: { initialMs: 5, maxMs: 5 } });
    const started = performance.now();
    await client.medications.get(ids.medication);
    expect(logs[0]!.retryInMs).toBe(50);
    expect(waits[0]).toMatchObject({ ms: 50, reason: 'server_error' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('an unreadable Retry-After is not retried (ky would wait its longest)', async () => {
    const calls = sequence(() => problemResponse(503, 'internal', 'busy', { 'retry-after': 'soon' }));
    expect(await failure(testClient().medications.get(ids.medication))).toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(1);
  });

  it('honours Retry-After as an HTTP date (one in the past means now)', async () => {
    const past = new Date(Date.now() - 10_000).toUTCString();
    sequence((n) => (n === 1 ? problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': past }) : HttpResponse.json(medication())));
    const { client, logs } = loggedClient({ retryDelays: { initialMs: 5, maxMs: 5 } });
    await client.medications.get(ids.medication);
    expect(logs[0]!.retryInMs).toBe(0);
  });

  it('a Retry-After beyond maxRetryAfter raises RateLimitError at once, after one call', async () => {
    const calls = sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '1' }));
    const { client, logs } = loggedClient({ maxRetryAfter: 500 });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(1);
    expect(calls).toHaveLength(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.retryInMs).toBeUndefined();
  });

  it('the default cap is 60 s: Retry-After 120 raises at once', async () => {
    const calls = sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '120' }));
    const error = await failure(testClient().calendars.list());
    expect((error as RateLimitError).retryAfter).toBe(120);
    expect(calls).toHaveLength(1);
  });
});
