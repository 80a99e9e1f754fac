/** Credentials: the refresh on 401, and the app as the source of the token after it. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticationError, PermissionDeniedError, type LoggerEntry } from '../src/index.js';
import { acceptOnly } from './support/accept-only.js';
import { BASE, calendarEntry, ids, medication } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { problemResponse, testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

const server = useServer();

/**
 * Answers `Bearer tok_new` with an entry and any other token with 401, after `beforeRefusal`
 * (which may hold the answer until the test lets it go); every Authorization header is kept in `seen`.
 */
function refuseOldTokens(seen: string[], beforeRefusal: (authorization: string) => Promise<void>): void {
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const authorization = request.headers.get('authorization') ?? '';
      seen.push(authorization);
      if (authorization === 'Bearer tok_new') return HttpResponse.json(calendarEntry());
      await beforeRefusal(authorization);
      return problemResponse(401, 'unauthenticated');
    }),
  );
}

describe('refresh on 401', () => {
  it('calls refreshToken once and retries the request with the new token', async () => {
    const calls = acceptOnly('tok_new');
    const refreshToken = vi.fn(() => Promise.resolve('tok_new'));
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
    const client = testClient({ apiKey: undefined, token: 'tok', refreshToken: () => Promise.resolve('tok_new') });
    await expect(client.medications.get(ids.medication)).resolves.toEqual(medication());
    expect(calls).toHaveLength(2);
    let attempt = 0;
    const slowFirst = testClient({
      apiKey: undefined,
      token: 'tok',
      refreshToken: () => Promise.resolve('tok_new'),
      timeout: 100,
      fetch: (input, init) => (++attempt === 1 ? new Promise<Response>(() => {}) : fetch(input, init)),
    });
    await expect(slowFirst.medications.get(ids.medication)).resolves.toEqual(medication());
    expect(attempt).toBe(2);
  });

  it('refreshes even a create (a 401 means nothing was created) and resends its body', async () => {
    const calls = sequence((_, request) => (request.headers.get('authorization') === 'Bearer tok_new' ? HttpResponse.json(medication(), { status: 201 }) : problemResponse(401, 'unauthenticated')));
    const client = testClient({ apiKey: undefined, token: 'tok_old', refreshToken: () => Promise.resolve('tok_new') });
    await client.medications.create({ name: 'Ibuprofen 400' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ name: 'Ibuprofen 400' });
  });

  it('keeps the refreshed token for later requests', async () => {
    const calls = acceptOnly('tok_new');
    const refreshToken = vi.fn(() => Promise.resolve('tok_new'));
    const client = testClient({ apiKey: undefined, token: 'tok_old', refreshToken });
    await client.medications.get(ids.medication);
    await client.medications.get(ids.medication);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer tok_old', 'Bearer tok_new', 'Bearer tok_new']);
  });

  it('a second 401 after the refresh raises AuthenticationError (no loop)', async () => {
    const calls = acceptOnly('tok_never');
    const refreshToken = vi.fn(() => Promise.resolve('tok_new'));
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
    const refreshToken = vi.fn(() => Promise.resolve('tok_new'));
    const error = await failure(testClient({ apiKey: 'msk_revoked', refreshToken }).medications.get(ids.medication));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('a 403 does not trigger a refresh', async () => {
    const calls = sequence(() => problemResponse(403, 'forbidden'));
    const refreshToken = vi.fn(() => Promise.resolve('tok_new'));
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
    refuseOldTokens(seen, async (authorization) => {
      arrived.push(authorization);
      if (arrived.length === 3) release();
      await allArrived;
    });
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
    const client = testClient({ apiKey: undefined, token: () => Promise.resolve('tok_old'), refreshToken, logger });
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
    refuseOldTokens(seen, async () => {
      if (++oldTokenRequests === 2) {
        secondArrived();
        await secondMayFail;
      }
    });
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
      return auth === 'Bearer old-user-refreshed' || auth === 'Bearer new-user' ? HttpResponse.json(medication()) : problemResponse(401, 'unauthenticated', 'token expired');
    });
    const client = testClient({ apiKey: undefined, token: () => current, refreshToken: () => 'old-user-refreshed' });
    await client.medications.get(ids.medication);
    // The app has not stored the refreshed token yet: the refreshed one stands in.
    await client.medications.get(ids.medication);
    current = 'new-user';
    await client.medications.get(ids.medication);
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual(['Bearer old-user-expired', 'Bearer old-user-refreshed', 'Bearer old-user-refreshed', 'Bearer new-user']);
  });

  it('once the app hands out a new token itself, that one is used', async () => {
    let current = 'expired';
    const calls = sequence((_, request) => (request.headers.get('authorization') === 'Bearer expired' ? problemResponse(401, 'unauthenticated', 'token expired') : HttpResponse.json(medication())));
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
