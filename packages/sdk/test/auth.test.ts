/** Credentials: API key, bearer token (string or function), refresh on 401. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticationError, PermissionDeniedError, type LoggerEntry } from '../src/index.js';
import { BASE, calendarEntry, ids, medication } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { problemResponse, testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

const server = useServer();

/** A server that accepts exactly one bearer token and answers 401 to any other. */
function acceptOnly(token: string) {
  return sequence((_, request) =>
    request.headers.get('authorization') === `Bearer ${token}`
      ? HttpResponse.json(medication())
      : problemResponse(401, 'unauthenticated', 'token expired', { 'www-authenticate': 'Bearer error="invalid_token"' }),
  );
}

describe('API key', () => {
  it('is sent as x-api-key, with no Authorization header', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: 'msk_abc' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_abc');
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('with a token too, both headers are sent', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: 'msk_abc', token: 'tok_1' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_abc');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_1');
  });

  it('without any credential, neither header is sent', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: undefined }).medications.get(ids.medication);
    expect(calls[0]!.headers.has('x-api-key')).toBe(false);
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });
});

describe('credentials over a call\'s own headers', () => {
  it('the client\'s token and API key are sent, not the call\'s authorization or x-api-key header', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ apiKey: 'msk_client', token: async () => 'tok_client' });
    await client.medications.get(ids.medication, { headers: { Authorization: 'Bearer tok_call', 'X-Api-Key': 'msk_call', 'X-Trace': 't1' } });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_client');
    expect(calls[0]!.headers.get('x-api-key')).toBe('msk_client');
    expect(calls[0]!.headers.get('x-trace')).toBe('t1');
  });

  it("the client's token is sent, not an authorization header among the client's headers", async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ apiKey: undefined, token: 'tok_client', headers: { Authorization: 'Bearer tok_header' } });
    await client.medications.get(ids.medication);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_client');
  });
});

describe('bearer token', () => {
  it('a string is sent as Authorization: Bearer, without x-api-key', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: undefined, token: 'tok_string' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_string');
    expect(calls[0]!.headers.has('x-api-key')).toBe(false);
  });

  it('an async function is called for each request and its value sent', async () => {
    let n = 0;
    const token = vi.fn(async () => `tok_fn_${++n}`);
    const calls = sequence(() => HttpResponse.json(medication()));
    const client = testClient({ apiKey: undefined, token });
    await client.medications.get(ids.medication);
    await client.medications.get(ids.medication);
    expect(token).toHaveBeenCalledTimes(2);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer tok_fn_1', 'Bearer tok_fn_2']);
  });

  it('a sync function works too', async () => {
    const calls = sequence(() => HttpResponse.json(medication()));
    await testClient({ apiKey: undefined, token: () => 'tok_sync' }).medications.get(ids.medication);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok_sync');
  });
});

describe('refresh on 401', () => {
  it('calls refreshToken once and retries the request with the new token', async () => {
    const calls = acceptOnly('tok_new');
    const refreshToken = vi.fn(async () => 'tok_new');
    const client = testClient({ apiKey: undefined, token: 'tok_old', refreshToken });
    await expect(client.medications.get(ids.medication)).resolves.toEqual(medication());
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer tok_old', 'Bearer tok_new']);
    // The retry is the same request: same method, URL and request id.
    expect(calls[1]!.url.href).toBe(calls[0]!.url.href);
    expect(calls[1]!.headers.get('x-request-id')).toBe(calls[0]!.headers.get('x-request-id'));
  });

  it('a client that can refresh still retries a 503 and a timeout (its answers reach ky rebuilt)', async () => {
    const calls = sequence((n) => (n === 1 ? problemResponse(503, 'internal') : HttpResponse.json(medication())));
    const client = testClient({ apiKey: undefined, token: 'tok', refreshToken: async () => 'tok_new' });
    await expect(client.medications.get(ids.medication)).resolves.toEqual(medication());
    expect(calls).toHaveLength(2);
    let attempt = 0;
    const slowFirst = testClient({ apiKey: undefined, token: 'tok', refreshToken: async () => 'tok_new', timeout: 100, fetch: (input, init) => (++attempt === 1 ? new Promise<Response>(() => {}) : fetch(input, init)) });
    await expect(slowFirst.medications.get(ids.medication)).resolves.toEqual(medication());
    expect(attempt).toBe(2);
  });

  it('refreshes even a create (a 401 means nothing was created) and resends its body', async () => {
    const calls = sequence((_, request) =>
      request.headers.get('authorization') === 'Bearer tok_new' ? HttpResponse.json(medication(), { status: 201 }) : problemResponse(401, 'unauthenticated'),
    );
    const client = testClient({ apiKey: undefined, token: 'tok_old', refreshToken: async () => 'tok_new' });
    await client.medications.create({ name: 'Ibuprofen 400' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ name: 'Ibuprofen 400' });
  });

  it('keeps the refreshed token for later requests', async () => {
    const calls = acceptOnly('tok_new');
    const refreshToken = vi.fn(async () => 'tok_new');
    const client = testClient({ apiKey: undefined, token: 'tok_old', refreshToken });
    await client.medications.get(ids.medication);
    await client.medications.get(ids.medication);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer tok_old', 'Bearer tok_new', 'Bearer tok_new']);
  });

  it('a second 401 after the refresh raises AuthenticationError (no loop)', async () => {
    const calls = acceptOnly('tok_never');
    const refreshToken = vi.fn(async () => 'tok_new');
    const client = testClient({ apiKey: undefined, token: 'tok_old', refreshToken });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).status).toBe(401);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('without refreshToken a 401 raises AuthenticationError directly, one call', async () => {
    const calls = acceptOnly('tok_never');
    const error = await failure(testClient({ apiKey: undefined, token: 'tok_old' }).medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(calls).toHaveLength(1);
  });

  it('with an API key only, refreshToken is not called and the 401 raises', async () => {
    const calls = acceptOnly('tok_never');
    const refreshToken = vi.fn(async () => 'tok_new');
    const error = await failure(testClient({ apiKey: 'msk_revoked', refreshToken }).medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('a 403 does not trigger a refresh', async () => {
    const calls = sequence(() => problemResponse(403, 'forbidden'));
    const refreshToken = vi.fn(async () => 'tok_new');
    const error = await failure(testClient({ apiKey: undefined, token: 'tok', refreshToken }).medications.get(ids.medication));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('concurrent 401s share one refresh', async () => {
    // Hold the 401 answers until all three requests have arrived, so that they fail together.
    const arrived: string[] = [];
    let release!: () => void;
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    server.use(
      http.all(`${BASE}/*`, async ({ request }) => {
        const authorization = request.headers.get('authorization') ?? '';
        seen.push(authorization);
        if (authorization === 'Bearer tok_new') return HttpResponse.json(calendarEntry());
        arrived.push(authorization);
        if (arrived.length === 3) release();
        await allArrived;
        return problemResponse(401, 'unauthenticated');
      }),
    );
    let refreshes = 0;
    // The refresh ends once the client has seen all three 401s (it logs each attempt just before
    // it asks for a refresh), not after 50 ms: on a loaded machine the third 401 could come later.
    let refused = 0;
    let allRefused!: () => void;
    const everyRefusalSeen = new Promise<void>((resolve) => (allRefused = resolve));
    const logger = (entry: LoggerEntry) => {
      if (entry.type === 'attempt' && entry.status === 401 && ++refused === 3) allRefused();
    };
    const refreshToken = vi.fn(async () => {
      refreshes++;
      await everyRefusalSeen;
      return 'tok_new';
    });
    const client = testClient({ apiKey: undefined, token: async () => 'tok_old', refreshToken, logger });
    const results = await Promise.all([client.calendars.get(ids.calendar), client.calendars.get(ids.calendar), client.calendars.get(ids.calendar)]);
    expect(results).toEqual([calendarEntry(), calendarEntry(), calendarEntry()]);
    expect(refreshes).toBe(1);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(seen.filter((s) => s === 'Bearer tok_old')).toHaveLength(3);
    expect(seen.filter((s) => s === 'Bearer tok_new')).toHaveLength(3);
  });

  it('a 401 that arrives after the refresh has finished sends again with the new token, without a second refresh', async () => {
    // The first request's 401 leads to a refresh; the second request was sent with the old token
    // before that and is refused only once the refresh is done (the test decides the order).
    let releaseSecond!: () => void;
    const secondMayFail = new Promise<void>((resolve) => (releaseSecond = resolve));
    let oldTokenRequests = 0;
    let secondArrived!: () => void;
    const secondIsWaiting = new Promise<void>((resolve) => (secondArrived = resolve));
    const seen: string[] = [];
    server.use(
      http.all(`${BASE}/*`, async ({ request }) => {
        const authorization = request.headers.get('authorization') ?? '';
        seen.push(authorization);
        if (authorization === 'Bearer tok_new') return HttpResponse.json(calendarEntry());
        if (++oldTokenRequests === 2) {
          secondArrived();
          await secondMayFail;
        }
        return problemResponse(401, 'unauthenticated');
      }),
    );
    const refreshToken = vi.fn(async () => {
      await secondIsWaiting;
      return 'tok_new';
    });
    const client = testClient({ apiKey: undefined, token: 'tok_old', refreshToken });
    const calls = [client.calendars.get(ids.calendar), client.calendars.get(ids.calendar)];
    // Whichever arrived first was refused at once, refreshed and answered; the other is still held.
    expect(await Promise.race(calls)).toEqual(calendarEntry());
    releaseSecond();
    expect(await Promise.all(calls)).toEqual([calendarEntry(), calendarEntry()]);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer tok_old', 'Bearer tok_old', 'Bearer tok_new', 'Bearer tok_new']);
  });
});

describe('the app stays the source of truth after a refresh', () => {
  it('an app that switches users is answered with the new token, not the refreshed one of the old user', async () => {
    let current = 'old-user-expired';
    const calls = sequence((_, request) => {
      const auth = request.headers.get('authorization');
      return auth === 'Bearer old-user-refreshed' || auth === 'Bearer new-user'
        ? HttpResponse.json(medication())
        : problemResponse(401, 'unauthenticated', 'token expired');
    });
    const client = testClient({ apiKey: undefined, token: () => current, refreshToken: () => 'old-user-refreshed' });
    await client.medications.get(ids.medication);
    // The app has not stored the refreshed token yet: the refreshed one stands in.
    await client.medications.get(ids.medication);
    current = 'new-user';
    await client.medications.get(ids.medication);
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      'Bearer old-user-expired',
      'Bearer old-user-refreshed',
      'Bearer old-user-refreshed',
      'Bearer new-user',
    ]);
  });

  it('once the app hands out a new token itself, that one is used', async () => {
    let current = 'expired';
    const calls = sequence((_, request) =>
      request.headers.get('authorization') === 'Bearer expired' ? problemResponse(401, 'unauthenticated', 'token expired') : HttpResponse.json(medication()),
    );
    const client = testClient({
      apiKey: undefined,
      token: () => current,
      refreshToken: () => {
        current = 'from-the-app-store';
        return 'from-the-hook';
      },
    });
    await client.medications.get(ids.medication);
    await client.medications.get(ids.medication);
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual(['Bearer expired', 'Bearer from-the-app-store', 'Bearer from-the-app-store']);
  });
});

describe('a refresh hook that throws', () => {
  it('surfaces as AuthenticationError with the hook error as cause, after one call', async () => {
    const calls = acceptOnly('never');
    const hookError = new Error('refresh endpoint said invalid_grant');
    const client = testClient({ apiKey: undefined, token: 'expired', refreshToken: () => Promise.reject(hookError) });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', cause: hookError });
    expect((error as Error).message).toContain('the refresh hook failed: refresh endpoint said invalid_grant');
    expect(calls).toHaveLength(1);
  });

  it('a hook that throws synchronously too', async () => {
    acceptOnly('never');
    const client = testClient({
      apiKey: undefined,
      token: 'expired',
      refreshToken: () => {
        throw new TypeError('session is undefined');
      },
    });
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});
