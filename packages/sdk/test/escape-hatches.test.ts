/**
 * When the server knows more than the SDK: request validation off (client and per call), answers
 * with their status and headers (.withResponse()), the low-level client.request(), the
 * User-Agent, a custom fetch called as fetch(url, init), and the bounded total wait of one call.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConnectionError, MedschedError, RateLimitError, sdkVersion, ValidationError } from '../src/index.js';
import { BASE, calendarEntry, ids, medication } from './support/fixtures.js';
import { answerAll, sequence } from './support/record.js';
import { loggedClient, problemResponse, server, testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

useServer();

describe('request validation switch', () => {
  it('per call: a field this SDK does not know yet is sent as given', async () => {
    const calls = answerAll(medication());
    const client = testClient();
    await expect(client.medications.update(ids.medication, { name: 'x', atcCode: 'M01' } as never)).rejects.toBeInstanceOf(ValidationError);
    await client.medications.update(ids.medication, { name: 'x', atcCode: 'M01' } as never, { validateRequest: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ name: 'x', atcCode: 'M01' });
  });

  it('per client: a role and a date-only DateStart of a newer server go through', async () => {
    const calls = answerAll([]);
    const client = testClient({ validateRequests: false });
    await client.users.create({ organization: ids.organization, role: 'auditor' } as never).catch(() => undefined);
    await client.devices.events(ids.device, { DateStart: '2026-11-01' });
    expect(calls.map((call) => call.body ?? call.query)).toEqual([{ organization: ids.organization, role: 'auditor' }, { DateStart: '2026-11-01' }]);
  });

  it('answers keep unknown fields and values of open value sets', async () => {
    answerAll({ ...medication(), shelf: 'B3' });
    const entry = await testClient().medications.get(ids.medication);
    expect(entry).toMatchObject({ shelf: 'B3' });
    answerAll([{ ...calendarEntry(), timeCategory: 'bedtime' }]);
    const page = await testClient().calendars.list();
    expect(page.items[0]!.timeCategory).toBe('bedtime');
  });
});

describe('.withResponse()', () => {
  it('gives the data with status, headers and request id', async () => {
    answerAll(calendarEntry(), { status: 201, headers: { 'x-request-id': 'req_from_server', 'idempotent-replayed': 'true' } });
    const { data, status, headers, requestId } = await testClient().calendars.create({ patient: ids.patient, name: 'x' }).withResponse();
    expect(data).toEqual(calendarEntry());
    expect(status).toBe(201);
    expect(headers.get('idempotent-replayed')).toBe('true');
    expect(requestId).toBe('req_from_server');
  });

  it('on a list: the page as data, the total in the headers', async () => {
    answerAll([calendarEntry()], { headers: { 'x-total-count': '7' } });
    const { data, headers } = await testClient().calendars.list().withResponse();
    expect(data.items).toHaveLength(1);
    expect(data.total).toBe(7);
    expect(headers.get('x-total-count')).toBe('7');
  });

  it('a failure rejects withResponse() and is not reported a second time as unhandled', async () => {
    answerAll({}, { status: 404 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    await failure(testClient().medications.get(ids.medication).withResponse());
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});

describe('client.request()', () => {
  it('sends what the SDK does not wrap, with credentials and request id, and checks the answer with a schema', async () => {
    const calls = answerAll({ id: 'x', open: 3 });
    const Summary = z.object({ id: z.string(), open: z.number() });
    const { data, status } = await testClient({ apiKey: 'msk_k' })
      .request({ method: 'GET', path: '/reports/summary', query: { day: '2026-11-23', skip: undefined }, response: Summary })
      .withResponse();
    expect(data.open).toBe(3);
    expect(status).toBe(200);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/reports/summary', query: { day: '2026-11-23' } });
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_k');
    expect(calls[0]!.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('a POST carries an Idempotency-Key and is retried with it', async () => {
    const calls = sequence((n) => (n === 1 ? problemResponse(503, 'internal') : HttpResponse.json({ ok: true })));
    const answer = await testClient().request({ method: 'POST', path: '/reports/', body: { kind: 'weekly' } });
    expect(answer).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^idk_/);
    expect(calls[1]!.headers.get('idempotency-key')).toBe(calls[0]!.headers.get('idempotency-key'));
    expect(calls[1]!.body).toEqual({ kind: 'weekly' });
  });

  it("merges the path's own query string with query into one", async () => {
    const calls: string[] = [];
    server.use(http.all(`${BASE}/*`, ({ request }) => (calls.push(new URL(request.url).search), HttpResponse.json({}))));
    await testClient().request({ method: 'GET', path: '/reports/summary?a=1&tag=x', query: { b: 2, tag: 'y', skip: null } });
    expect(calls).toEqual(['?a=1&tag=x&b=2&tag=y']);
  });

  it('refuses a path that is not under the base URL', () => {
    expect(() => testClient().request({ method: 'GET', path: 'https://evil.test/x' })).toThrow(MedschedError);
  });
});

describe('User-Agent', () => {
  it('names the SDK, its version and the runtime', async () => {
    const calls = answerAll(medication());
    await testClient().medications.get(ids.medication);
    expect(calls[0]!.headers.get('user-agent')).toBe(`medsched-sdk-js/${sdkVersion} node/${process.versions.node}`);
  });
});

describe('a custom fetch', () => {
  it('is called as ky calls fetch: with a Request carrying the URL, method, headers and body', async () => {
    const seen: Request[] = [];
    const bodies: unknown[] = [];
    const client = testClient({
      fetch: async (input) => {
        seen.push(input as Request);
        bodies.push(await (input as Request).json());
        return new Response(JSON.stringify(calendarEntry()), { status: 201, headers: { 'content-type': 'application/json' } });
      },
    });
    await client.calendars.create({ patient: ids.patient, name: 'x' });
    expect(seen[0]).toBeInstanceOf(Request);
    expect(seen[0]!.url).toBe(`${BASE}/calendars/`);
    expect(seen[0]!.method).toBe('POST');
    expect(bodies[0]).toEqual({ patient: ids.patient, name: 'x' });
    expect(seen[0]!.headers.get('x-api-key')).toBe('msk_test_key');
  });

  it('a bug inside it is reported as such, not as "could not reach the server", and not retried', async () => {
    let calls = 0;
    const client = testClient({
      fetch: () => {
        calls++;
        return Promise.reject(new ReferenceError('responseCache is not defined'));
      },
    });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'fetch_error', cause: expect.any(ReferenceError) as unknown });
    expect((error as Error).message).toContain('responseCache is not defined');
    expect(calls).toBe(1);
  });

  it('a network failure inside it is still a ConnectionError', async () => {
    const client = testClient({ maxRetries: 0, fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    expect(await failure(client.medications.get(ids.medication))).toBeInstanceOf(ConnectionError);
  });
});

describe('bounded total wait per call', () => {
  it('a Retry-After longer than what is left of maxWait raises at once, after one call, and waits nothing', async () => {
    const calls = sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '60' }));
    const { client, waits } = loggedClient({ maxWait: 1_000 });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(60);
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('the default budget (30 s) is below a 60 s Retry-After, so a default call does not wait past its timeout', async () => {
    const calls = sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '60' }));
    expect(await failure(testClient().medications.get(ids.medication))).toBeInstanceOf(RateLimitError);
    expect(calls).toHaveLength(1);
  });

  it('waits add up: retries stop once the next wait would pass the budget (per call too)', async () => {
    const calls = sequence(() => problemResponse(503, 'internal', 'down', { 'retry-after': '0.05' }));
    const { client, waits } = loggedClient({ maxRetries: 10, maxWait: 10_000 });
    await failure(client.medications.get(ids.medication, { maxWait: 120 }));
    expect(calls).toHaveLength(3); // waits of 50 + 50 ms fit in 120, a third would not
    expect(waits.map((wait) => [wait.ms, wait.reason, wait.attempt, wait.status, wait.totalWaitMs])).toEqual([
      [50, 'server_error', 1, 503, 50],
      [50, 'server_error', 2, 503, 100],
    ]);
  });

  it('tells the logger each wait with its reason before it starts', async () => {
    sequence((n) => (n === 1 ? problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '0' }) : n === 2 ? HttpResponse.error() : HttpResponse.json(medication())));
    const { client, waits } = loggedClient();
    await client.medications.get(ids.medication);
    expect(waits).toMatchObject([
      { type: 'retry-wait', ms: 0, reason: 'rate_limited', attempt: 1, status: 429, operation: 'medications.get', method: 'GET' },
      { type: 'retry-wait', reason: 'connection_error', attempt: 2, status: undefined },
    ]);
  });
});
