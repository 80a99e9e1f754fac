/**
 * `rateLimit: 'wait'`: a batch job under a 200-a-minute limit finishes, pacing itself on
 * RateLimit-Remaining/Reset and waiting out any Retry-After. The server is a fixed window on an
 * injected clock, which moves only when the client sleeps: no wall time passes.
 */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AbortError, RateLimitError, type Clock } from '../src/index.js';
import { calendarEntry, ids } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { problemResponse, testClient, useServer } from './support/server.js';

useServer();

/** A clock that only moves when slept. */
function fakeClock(start = Date.parse('2026-11-28T02:00:00.000Z')) {
  const clock = { time: start, slept: [] as number[] };
  const api: Clock = {
    now: () => clock.time,
    sleep: (ms, signal) => {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      clock.slept.push(ms);
      clock.time += ms;
      return Promise.resolve();
    },
  };
  return { clock, api };
}

/** A fixed window of `limit` requests per `windowSeconds` on `now()`, answering like the reference server. */
function limitedServer(now: () => number, limit = 200, windowSeconds = 60) {
  const counts = { ok: 0, limited: 0 };
  let windowStart = now();
  let used = 0;
  sequence(() => {
    if (now() - windowStart >= windowSeconds * 1000) {
      windowStart += Math.floor((now() - windowStart) / (windowSeconds * 1000)) * windowSeconds * 1000;
      used = 0;
    }
    used += 1;
    const reset = String(Math.ceil((windowStart + windowSeconds * 1000 - now()) / 1000));
    const headers = { 'ratelimit-limit': String(limit), 'ratelimit-remaining': String(Math.max(0, limit - used)), 'ratelimit-reset': reset };
    if (used > limit) {
      counts.limited += 1;
      return problemResponse(429, 'rate_limited', `more than ${limit} requests in ${windowSeconds} s`, { ...headers, 'retry-after': reset });
    }
    counts.ok += 1;
    return HttpResponse.json(calendarEntry(), { headers });
  });
  return counts;
}

describe("rateLimit: 'wait'", () => {
  it('a job of 500 reads under 200 a minute finishes without a single 429, sleeping until each window resets', async () => {
    const { clock, api } = fakeClock();
    const counts = limitedServer(() => api.now());
    const client = testClient({ rateLimit: 'wait', clock: api });
    for (let i = 0; i < 500; i++) await client.calendars.get(ids.calendar);
    expect(counts).toEqual({ ok: 500, limited: 0 });
    // Two full windows spent, two waits for their resets: about two minutes of the server's clock.
    expect(clock.slept).toHaveLength(2);
    expect(clock.time - Date.parse('2026-11-28T02:00:00.000Z')).toBeGreaterThanOrEqual(120_000);
  });

  it('without it (the default), the same job stops at the first 429 whose Retry-After passes maxWait', async () => {
    const { api } = fakeClock();
    const counts = limitedServer(() => api.now());
    const client = testClient({ clock: api });
    let done = 0;
    const job = async () => {
      for (let i = 0; i < 500; i++, done++) await client.calendars.get(ids.calendar);
    };
    await expect(job()).rejects.toBeInstanceOf(RateLimitError);
    expect(done).toBe(200);
    expect(counts.limited).toBe(1);
  });

  it('waits out a Retry-After of 41 s (past maxWait and maxRetryAfter) and sends the same request again', async () => {
    const { clock, api } = fakeClock();
    const calls = sequence((n) => (n === 1 ? problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '41' }) : HttpResponse.json(calendarEntry())));
    const client = testClient({ rateLimit: 'wait', clock: api, maxWait: 1_000, maxRetryAfter: 1_000 });
    await expect(client.calendars.get(ids.calendar)).resolves.toMatchObject({ id: ids.calendar });
    expect(clock.slept).toEqual([41_000]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.get('x-request-id')).toBe(calls[0]!.headers.get('x-request-id'));
  });

  it('gives up after 10 rate-limited answers to one call, with the RateLimitError', async () => {
    const { api } = fakeClock();
    const calls = sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '5' }));
    const client = testClient({ rateLimit: 'wait', clock: api });
    await expect(client.calendars.get(ids.calendar)).rejects.toBeInstanceOf(RateLimitError);
    expect(calls).toHaveLength(11);
  });

  it('an abort during the wait ends it with AbortError', async () => {
    const controller = new AbortController();
    // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- the pacer's own sleep rejects with the signal's reason; so does this clock
    const api: Clock = { now: () => 0, sleep: (_, signal) => new Promise((_, reject) => signal!.addEventListener('abort', () => reject(signal!.reason))) };
    sequence(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '3600' }));
    const client = testClient({ rateLimit: 'wait', clock: api });
    const call = client.calendars.get(ids.calendar, { signal: controller.signal });
    setTimeout(() => controller.abort(), 0);
    await expect(call).rejects.toBeInstanceOf(AbortError);
  });

  it("refuses a rateLimit other than 'fail' or 'wait'", () => {
    expect(() => testClient({ rateLimit: 'retry' as never })).toThrow(/rateLimit must be 'fail' \(the default\) or 'wait', got "retry"/);
  });
});
