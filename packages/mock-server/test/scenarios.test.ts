import { AuthenticationError, ConflictError, createClient, ConnectionError, InternalServerError, RateLimitError } from '@medsched/sdk';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../src/index.js';
import { maxDelayMs } from '../src/scenarios/scenario-checks.js';
import { sonnen, useMockApi } from './support.js';

const entryId = '64d005000000000000000001';

describe('scenarios', () => {
  const mock = useMockApi();

  it('fail(): a status on one route, with a problem document like the server sends', async () => {
    mock.fail('PATCH /calendars/:id', 409);
    const { client, headers } = mock.as('user');
    const error = await client.calendars.update(entryId, { amount: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'conflict' });

    const raw = await fetch(`${mock.baseUrl}/calendars/${entryId}`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json', 'x-request-id': 'req-1' }, body: '{}' });
    expect(raw.headers.get('content-type')).toBe('application/problem+json');
    expect(await raw.json()).toEqual({
      type: 'https://docs.medsched.dev/errors/conflict',
      title: 'Conflict',
      status: 409,
      code: 'conflict',
      detail: 'forced by mock.fail("PATCH /calendars/:id")',
      requestId: 'req-1',
    });
    // Other routes still answer from the reference server.
    expect((await client.calendars.get(entryId)).id).toBe(entryId);
  });

  it("fail(): a bare 422 reads as a validation failure, not as the server's reused idempotency key", async () => {
    mock.fail('POST /medications/', 422);
    const raw = await fetch(`${mock.baseUrl}/medications/`, { method: 'POST', headers: { ...mock.as('user').headers, 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toMatchObject({ status: 422, code: 'validation_failed' });
  });

  it('fail(): an operation id, a custom problem, headers, and once', async () => {
    mock.fail('calendars.list', { status: 503, detail: 'maintenance', headers: { 'retry-after': '1' }, problem: { errors: [{ path: 'x', message: 'y' }] } }, { once: true });
    const { client, headers } = mock.as('user');
    const first = await fetch(`${mock.baseUrl}/calendars/`, { headers });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(await first.json()).toMatchObject({ status: 503, code: 'internal', detail: 'maintenance', errors: [{ path: 'x', message: 'y' }] });
    expect((await client.calendars.list()).items.length).toBeGreaterThan(0);
  });

  it('fail(): rejects routes that name no operation, and statuses that are no errors', () => {
    expect(() => mock.fail('PATCH /calendar/:id', 409)).toThrow(/names no operation of the API; known routes: .*PATCH \/calendars\/:calendarId/);
    expect(() => mock.fail('calendars.update', 200)).toThrow(/error status from 400 to 599/);
    expect(() => mock.fail('FETCH /x' as never, 500)).toThrow(/not understood/);
  });

  // delay(): test/delay-composition.test.ts (the order of events, every pair of delay and answer).

  it('networkError(): the fetch rejects as when offline', async () => {
    mock.networkError('GET /calendars/:id', { once: true });
    const { client } = mock.as('user');
    await expect(client.calendars.get(entryId)).rejects.toBeInstanceOf(ConnectionError);
    expect(mock.journal.last()?.outcome).toBe('network-error');
    expect((await client.calendars.get(entryId)).id).toBe(entryId);
    mock.networkError();
    await expect(fetch(`${mock.baseUrl}/organizations/${sonnen}`)).rejects.toThrow(TypeError);
  });

  it("expireTokens(): bearer tokens in circulation get the server's 401; a refresh works", async () => {
    const signedIn = await mock.signIn('user');
    const direct = await fetch(`${mock.baseUrl}/organizations/${sonnen}`, { headers: signedIn.headers });
    expect(direct.status).toBe(200);

    mock.expireTokens();
    const expired = await fetch(`${mock.baseUrl}/organizations/${sonnen}`, { headers: signedIn.headers });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await expired.json()).toMatchObject({ code: 'unauthenticated', detail: 'the bearer token is invalid or expired; sign in or refresh' });

    // The SDK client refreshes after the 401 and goes on with the new token.
    expect((await signedIn.client.organizations.get(sonnen)).id).toBe(sonnen);
    expect(mock.journal.find({ path: '/dev/token/refresh' })).toHaveLength(1);

    // A client without a way to refresh sees the 401 as an error.
    const { accessToken } = await mock.signIn('admin');
    const noRefresh = createClient({ baseUrl: mock.baseUrl, token: accessToken, maxRetries: 0 });
    mock.expireTokens();
    await expect(noRefresh.organizations.get(sonnen)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("rateLimit(): the reference server's own limiter answers 429 with Retry-After", async () => {
    mock.rateLimit(2);
    const { client, headers } = mock.as('user');
    await client.calendars.get(entryId);
    await client.calendars.get(entryId);
    const limited = await fetch(`${mock.baseUrl}/calendars/${entryId}`, { headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit-limit')).toBe('2');
    await expect(client.calendars.get(entryId)).rejects.toBeInstanceOf(RateLimitError);
    // Per credential: another user is not limited yet.
    expect((await mock.as('admin').client.calendars.get(entryId)).id).toBe(entryId);
  });

  it('every scenario of the previous tests is gone after reset', async () => {
    // Delays: test/delay-composition.test.ts ("reset() drops every delay"), by the order of events.
    const { client } = mock.as('user');
    expect((await client.calendars.get(entryId)).id).toBe(entryId);
    expect((await client.calendars.update(entryId, { amount: 3 })).amount).toBe(3);
    expect((await client.calendars.list()).total).toBe(12);
  });

  it('clearScenarios(): every scenario ends, delays and forced expiry included, and the data and journal stay', async () => {
    const { client, headers } = mock.as('user');
    const written = await client.calendars.update(entryId, { amount: 4 });
    const signedIn = await mock.signIn('admin');
    mock.fail('calendars.list', 503);
    mock.respond('calendars.get', { ...written, name: 'Forced' });
    mock.networkError('organizations.get');
    // A delay without end: were it still there after clearScenarios(), the read below would never answer.
    mock.delay('medications.get', maxDelayMs);
    mock.expireTokens();
    mock.rateLimit(0);

    mock.clearScenarios();
    expect((await client.calendars.list()).total).toBe(12);
    expect(await client.calendars.get(entryId)).toMatchObject({ amount: 4, name: written.name });
    expect((await fetch(`${mock.baseUrl}/organizations/${sonnen}`, { headers: signedIn.headers })).status).toBe(200);
    expect((await fetch(`${mock.baseUrl}/medications/64d003000000000000000001`, { headers })).status).toBe(200);
    // The journal kept what was sent before the switch.
    expect(mock.journal.find({ method: 'PATCH' })).toHaveLength(1);
  });

  it('clearScenarios() before the mock is started says so', () => {
    const idle = setupMockApi();
    expect(() => idle.clearScenarios()).toThrow(expect.objectContaining({ code: 'not_started' }));
  });

  it('the app can still add its own msw handlers in front (server.use)', async () => {
    const { http, HttpResponse } = await import('msw');
    mock.server.use(http.get('*/v1/calendars/:id', () => HttpResponse.json({ message: "the app's own" }, { status: 500 })));
    const { client } = mock.as('user');
    await expect(client.calendars.get(entryId)).rejects.toBeInstanceOf(InternalServerError);
  });
});
