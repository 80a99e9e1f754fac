/** Deadlines (per client, per call, covering the body) and AbortSignal, without leaking timers. */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, ConnectionError, TimeoutError } from '../src/index.js';
import { BASE, calendarEntry, ids, medication } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { loggedClient, problemResponse, testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

const server = useServer();

/**
 * Resolves when the request is aborted, or after 20 s so that nothing outlives the file: a client
 * that did not give up then gets an answer, and `failure()` fails the test. No test measures the
 * wall clock: on a loaded machine "within 3 s" is a guess, "the call failed as it should" is not.
 */
function untilAborted(request: Request): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 20_000);
    request.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A handler that never answers (until the client gives up). */
function hang(onRequest: () => void = () => {}) {
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      onRequest();
      await untilAborted(request);
      return HttpResponse.json(calendarEntry());
    }),
  );
}

/** A body that sends a first chunk and then never ends. */
function stallingBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"id":"65a1f0c2e4b0a1b2c3d4e610","title":"Metf'));
      // never closes
    },
  });
}

function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let timersBefore = 0;
afterEach(async () => {
  // Leave a moment for msw's own bookkeeping, then check the SDK left no timer running.
  await delay(10);
  expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
});

describe('timeout', () => {
  it('per client: no answer raises TimeoutError instead of hanging', async () => {
    timersBefore = activeTimers();
    hang();
    const error = await failure(testClient({ timeout: 50, maxRetries: 0 }).calendars.get(ids.calendar));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as TimeoutError).message).toContain('50 ms');
  });

  it('per call, overriding a longer client timeout', async () => {
    timersBefore = activeTimers();
    hang();
    const error = await failure(testClient({ timeout: 60_000, maxRetries: 0 }).calendars.get(ids.calendar, { timeout: 40 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toContain('40 ms');
  });

  it('per call, overriding a shorter client timeout', async () => {
    timersBefore = activeTimers();
    server.use(
      http.all(`${BASE}/*`, async () => {
        await delay(60);
        return HttpResponse.json(medication());
      }),
    );
    const client = testClient({ timeout: 20, maxRetries: 0 });
    expect(await failure(client.medications.get(ids.medication))).toBeInstanceOf(TimeoutError);
    await expect(client.medications.get(ids.medication, { timeout: 5_000 })).resolves.toEqual(medication());
  });

  it('a timed-out idempotent request is retried, each attempt with its own deadline', async () => {
    timersBefore = activeTimers();
    let calls = 0;
    hang(() => calls++);
    const { client, logs } = loggedClient({ timeout: 30, maxRetries: 2 });
    expect(await failure(client.calendars.get(ids.calendar))).toBeInstanceOf(TimeoutError);
    expect(calls).toBe(3);
    expect(logs.map((entry) => entry.error)).toEqual(['timeout', 'timeout', 'timeout']);
  });

  it('a body that stalls after the headers (msw handler) raises TimeoutError within the deadline', async () => {
    timersBefore = activeTimers();
    server.use(http.all(`${BASE}/*`, () => new HttpResponse(stallingBody(), { status: 200, headers: { 'content-type': 'application/json' } })));
    const error = await failure(testClient({ timeout: 100, maxRetries: 0 }).calendars.get(ids.calendar));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a body that stalls after the headers (custom fetch) raises TimeoutError within the deadline', async () => {
    timersBefore = activeTimers();
    let fetched = 0;
    const fetch = () => {
      fetched++;
      return Promise.resolve(new Response(stallingBody(), { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    const error = await failure(testClient({ fetch, maxRetries: 1 }).calendars.get(ids.calendar, { timeout: 50 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(fetched).toBe(2);
  });

  it('a stalled error body also times out', async () => {
    timersBefore = activeTimers();
    server.use(http.all(`${BASE}/*`, () => new HttpResponse(stallingBody(), { status: 503 })));
    const error = await failure(testClient({ timeout: 50, maxRetries: 0 }).calendars.get(ids.calendar));
    expect(error).toBeInstanceOf(TimeoutError);
  });
});

describe('AbortSignal', () => {
  it('an already aborted signal raises AbortError and sends nothing', async () => {
    timersBefore = activeTimers();
    const calls = sequence(() => HttpResponse.json(medication()));
    const reason = new Error('user left the page');
    const error = await failure(testClient().medications.get(ids.medication, { signal: AbortSignal.abort(reason) }));
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe(reason);
    expect(calls).toHaveLength(0);
  });

  it('aborting during the request raises AbortError and is not retried', async () => {
    timersBefore = activeTimers();
    let calls = 0;
    const controller = new AbortController();
    hang(() => {
      calls++;
      setTimeout(() => controller.abort(), 10);
    });
    const error = await failure(testClient({ maxRetries: 2 }).calendars.get(ids.calendar, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(calls).toBe(1);
  });

  it('aborting while the body stalls raises AbortError', async () => {
    timersBefore = activeTimers();
    const controller = new AbortController();
    server.use(
      http.all(`${BASE}/*`, () => {
        setTimeout(() => controller.abort(), 20);
        return new HttpResponse(stallingBody(), { status: 200 });
      }),
    );
    const error = await failure(testClient({ timeout: 60_000 }).calendars.get(ids.calendar, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
  });

  it('aborting during the wait before a retry raises AbortError at once', async () => {
    timersBefore = activeTimers();
    // A Retry-After far beyond the test's timeout: a wait that the abort does not cut fails the test.
    const calls = sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '20' }));
    const controller = new AbortController();
    const client = testClient({
      logger: (entry) => {
        if ('retryInMs' in entry && entry.retryInMs !== undefined) setTimeout(() => controller.abort(), 10);
      },
    });
    const error = await failure(client.medications.get(ids.medication, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(1);
  });

  it('a signal that never aborts changes nothing', async () => {
    timersBefore = activeTimers();
    sequence(() => HttpResponse.json(medication()));
    await expect(testClient().medications.get(ids.medication, { signal: new AbortController().signal })).resolves.toEqual(medication());
  });
});

describe('timers', () => {
  it('the timer check above can see a timer left behind', () => {
    const before = activeTimers();
    const timer = setTimeout(() => {}, 1_000);
    expect(activeTimers()).toBe(before + 1);
    clearTimeout(timer);
    expect(activeTimers()).toBe(before);
    timersBefore = before;
  });

  it('a client with a 30 s default timeout leaves no timer after a quick answer', async () => {
    timersBefore = activeTimers();
    sequence(() => HttpResponse.json(medication()));
    await testClient().medications.get(ids.medication);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });
});
