/** createClient options: base URL, request ids, custom fetch, extra headers. */
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createClient, MedschedClient, MedschedError, NotFoundError, type ClientOptions } from '../src/index.js';
import { BASE, calendarEntry, ids, medication } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { problemResponse, testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

useServer();

describe('createClient', () => {
  it('without a baseUrl throws a MedschedError', () => {
    expect(() => createClient({} as ClientOptions)).toThrow(MedschedError);
    expect(() => createClient({} as ClientOptions)).toThrow(/baseUrl/);
    expect(() => createClient(undefined as unknown as ClientOptions)).toThrow(MedschedError);
    try {
      createClient({ baseUrl: '' });
    } catch (error) {
      expect((error as MedschedError).code).toBe('invalid_options');
    }
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => createClient({ baseUrl: 'api.medsched.test/v1' })).toThrow(MedschedError);
    expect(() => createClient({ baseUrl: 'ftp://api.medsched.test/v1' })).toThrow(MedschedError);
  });

  it('returns a MedschedClient with every resource group', () => {
    const client = createClient({ baseUrl: BASE });
    expect(client).toBeInstanceOf(MedschedClient);
    for (const group of ['accounts', 'calendars', 'devices', 'medications', 'organizations', 'users', 'pdf'] as const) expect(client[group]).toBeDefined();
    expect(client.calendars.bake).toBeDefined();
    expect(client.baseUrl).toBe(BASE);
  });

  it('a trailing slash on the base URL makes no double slash', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = createClient({ baseUrl: `${BASE}//`, apiKey: 'k' });
    expect(client.baseUrl).toBe(BASE);
    await client.medications.get(ids.medication);
    expect(calls[0]!.url.pathname).toBe(`/v1/medications/${ids.medication}`);
  });
});

describe('x-request-id', () => {
  it('is sent on every request, a fresh one per call', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient();
    await client.medications.get(ids.medication);
    await client.medications.update(ids.medication, { name: 'x' });
    await client.medications.delete(ids.medication);
    const sent = calls.map((c) => c.headers.get('x-request-id'));
    for (const id of sent) expect(id).toMatch(/^req_[0-9a-f]{24}$/);
    expect(new Set(sent).size).toBe(3);
  });

  it('is kept across retries', async () => {
    const calls = sequence((n) => (n === 1 ? problemResponse(503, 'internal') : n === 2 ? HttpResponse.error() : HttpResponse.json(medication())));
    await testClient().medications.get(ids.medication);
    expect(calls).toHaveLength(3);
    const sent = calls.map((c) => c.headers.get('x-request-id'));
    expect(sent[0]).toMatch(/^req_/);
    expect(new Set(sent).size).toBe(1);
  });

  it('can be given per call', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient().medications.get(ids.medication, { headers: { 'x-request-id': 'req_mine_42' } });
    expect(calls[0]!.headers.get('x-request-id')).toBe('req_mine_42');
  });

  it("an error's requestId is the answer's header when present", async () => {
    const calls = sequence(() => problemResponse(404, 'not_found', 'no such medication', { 'x-request-id': 'req_server_side' }));
    const error = (await failure(testClient().medications.get(ids.medication))) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.requestId).toBe('req_server_side');
    expect(error.requestId).not.toBe(calls[0]!.headers.get('x-request-id'));
  });

  it("an error's requestId is the one sent when the answer has none", async () => {
    const calls = sequence(() => HttpResponse.json({ type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' }, { status: 404 }));
    const error = (await failure(testClient().medications.get(ids.medication))) as NotFoundError;
    expect(error.requestId).toBe(calls[0]!.headers.get('x-request-id'));
  });
});

describe('custom fetch', () => {
  it('is used instead of the global fetch', async () => {
    const serverCalls = sequence(() => HttpResponse.json(medication({ name: 'from msw' })));
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      expect(request.url).toBe(`${BASE}/calendars/${ids.calendar}`);
      expect(request.method).toBe('PATCH');
      expect(request.headers.get('x-api-key')).toBe('msk_custom');
      expect(request.headers.get('x-request-id')).toMatch(/^req_/);
      expect(await request.json()).toEqual({ amount: 3 });
      return new Response(JSON.stringify(calendarEntry({ amount: 3 })), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const client = testClient({ apiKey: 'msk_custom', fetch: fetch });
    const entry = await client.calendars.update(ids.calendar, { amount: 3 });
    expect(entry.amount).toBe(3);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(serverCalls).toHaveLength(0);
  });

  it('is used for retries too', async () => {
    const fetch = vi.fn(() => Promise.resolve(fetch.mock.calls.length === 1 ? new Response('busy', { status: 503 }) : Response.json(medication())));
    await testClient({ fetch }).medications.get(ids.medication);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('extra headers', () => {
  it('per client and per call are sent; per call wins on the same name', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ headers: { 'x-tenant-hint': 'linden', 'x-app': 'ward-tablet/1.0' } });
    await client.medications.get(ids.medication, { headers: { 'x-trace': 'abc', 'x-app': 'ward-tablet/2.0' } });
    await client.medications.get(ids.medication);
    expect(calls[0]!.headers.get('x-tenant-hint')).toBe('linden');
    expect(calls[0]!.headers.get('x-trace')).toBe('abc');
    expect(calls[0]!.headers.get('x-app')).toBe('ward-tablet/2.0');
    // per call means per call: the next request does not keep them
    expect(calls[1]!.headers.get('x-trace')).toBeNull();
    expect(calls[1]!.headers.get('x-app')).toBe('ward-tablet/1.0');
  });

  it('do not replace the credentials', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ apiKey: 'msk_real', headers: { 'x-api-key': 'msk_spoofed' } });
    await client.medications.get(ids.medication);
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_real');
  });
});
