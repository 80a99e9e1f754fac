import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProxy, type ProxyOptions, type RunningProxy } from '../src/node/proxy/proxy-server.js';
import { startHeldServer, type HeldServer } from './support/held-server.js';

// The proxy's in-flight work is bounded (issue 33): over real sockets, in front of a target that
// holds every request until the test lets it go, so what is "in flight" is a fact, not a timing.
let upstream: HeldServer | undefined;
let proxy: RunningProxy | undefined;
afterEach(async () => {
  upstream?.releaseAll();
  await proxy?.close();
  await upstream?.close();
  proxy = undefined;
  upstream = undefined;
});

async function start(limits: ProxyOptions['limits']): Promise<{ upstream: HeldServer; proxy: RunningProxy }> {
  upstream = await startHeldServer();
  proxy = await startProxy({ target: `${upstream.origin}/v1`, port: 0, limits });
  return { upstream, proxy };
}

const send = (running: RunningProxy, key: string, init: RequestInit = {}) =>
  fetch(`${running.url}/users/`, { ...init, headers: { 'x-api-key': key, ...Object.fromEntries(new Headers(init.headers)) } });
const problemOf = async (answer: Response) => ({ status: answer.status, retryAfter: answer.headers.get('retry-after'), ...((await answer.json()) as { code: string; detail: string }) });
/** Answers what the target holds, again and again, until `count` requests have reached it in all. */
async function drain(target: HeldServer, count: number): Promise<void> {
  for (;;) {
    target.releaseAll();
    if (target.arrived.length >= count) return;
    await target.arrivals(target.arrived.length + 1);
  }
}
/** The first `count` of `answers` to come back, in the order they came. */
function firstAnswers(answers: Promise<Response>[], count: number): Promise<Response[]> {
  const came: Response[] = [];
  return new Promise((resolve, reject) => {
    for (const answer of answers) {
      answer.then((value) => {
        came.push(value);
        if (came.length === count) resolve(came);
      }, reject);
    }
  });
}
/** Until the proxy's line holds `count` requests (a condition, polled; the generous timeout is for a loaded machine). */
const waiting = (running: RunningProxy, count: number) => vi.waitFor(() => expect(running.load.waiting).toBe(count), { timeout: 20_000, interval: 5 });

describe('the proxy bounds its upstream work', () => {
  it('lets a flooding client hold its own turns only: the rest of its flood is 429 at once, and another client still gets through', async () => {
    const { upstream, proxy } = await start({ maxInFlight: 4, maxInFlightPerClient: 2 });
    const flood = Array.from({ length: 60 }, () => send(proxy, 'msk_flood'));
    // 2 at the target, 2 waiting: the other 56 are refused while those are still held.
    const tooMany = await firstAnswers(flood, 56);
    expect(tooMany.map((answer) => answer.status)).toEqual(Array(56).fill(429));
    expect(await problemOf(tooMany[0]!)).toMatchObject({ status: 429, retryAfter: '1', code: 'rate_limited' });
    expect(upstream.arrived).toHaveLength(2);
    expect(proxy.load).toEqual({ inFlight: 2, waiting: 2 });
    const other = send(proxy, 'msk_other');
    await upstream.arrivals(3);
    expect(upstream.arrived[2]!.headers['x-api-key']).toBe('msk_other');
    upstream.arrived[2]!.release(200, '[]');
    expect((await other).status).toBe(200);
    expect(proxy.load).toEqual({ inFlight: 2, waiting: 2 });
    // The flood: 4 forwarded in all.
    await drain(upstream, 5);
    expect((await Promise.all(flood)).filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(upstream.arrived.filter((request) => request.headers['x-api-key'] === 'msk_flood')).toHaveLength(4);
  });

  it('gives freed turns to waiting clients in rotation, not first come first served', async () => {
    const { upstream, proxy } = await start({ maxInFlight: 2, maxInFlightPerClient: 2 });
    const first = [send(proxy, 'msk_a'), send(proxy, 'msk_a')];
    await upstream.arrivals(2);
    const queuedA = [send(proxy, 'msk_a'), send(proxy, 'msk_a')];
    await waiting(proxy, 2);
    const queuedB = send(proxy, 'msk_b');
    await waiting(proxy, 3);
    upstream.arrived[0]!.release();
    await upstream.arrivals(3);
    upstream.arrived[1]!.release();
    await upstream.arrivals(4);
    // a's third request had the first turn; the next went to b, ahead of a's fourth.
    expect(upstream.arrived.map((request) => request.headers['x-api-key'])).toEqual(['msk_a', 'msk_a', 'msk_a', 'msk_b']);
    await drain(upstream, 5);
    expect((await Promise.all([...first, ...queuedA, queuedB])).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('bounds the line for all clients together: clients with made-up credentials get 503 past it', async () => {
    const { upstream, proxy } = await start({ maxInFlight: 2, maxInFlightPerClient: 1 });
    // 2 at the target, 8 waiting (4 per turn), 5 refused: 15 clients with a key each.
    const answers = Array.from({ length: 15 }, (_, index) => send(proxy, `msk_made_up_${index}`));
    const busy = await firstAnswers(answers, 5);
    expect(busy.map((answer) => answer.status)).toEqual(Array(5).fill(503));
    expect(await problemOf(busy[0]!)).toMatchObject({ status: 503, retryAfter: '1', code: 'proxy_busy' });
    expect(proxy.load).toEqual({ inFlight: 2, waiting: 8 });
    await drain(upstream, 10);
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(proxy.load).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('answers 503 with Retry-After to a request that waited its queue timeout, and never forwards it', async () => {
    const { upstream, proxy } = await start({ maxInFlight: 1, maxInFlightPerClient: 1, queueTimeoutMs: 300 });
    const holder = send(proxy, 'msk_a');
    await upstream.arrivals(1);
    const late = await problemOf(await send(proxy, 'msk_b', { method: 'POST', body: '{"email":"x@example.test"}', headers: { 'content-type': 'application/json' } }));
    expect(late).toMatchObject({ status: 503, retryAfter: '1', code: 'proxy_busy' });
    expect(late.detail).toContain('was not forwarded');
    upstream.releaseAll();
    expect((await holder).status).toBe(200);
    const after = send(proxy, 'msk_c');
    await upstream.arrivals(2);
    upstream.releaseAll();
    await after;
    expect(upstream.arrived.map((request) => request.headers['x-api-key'])).toEqual(['msk_a', 'msk_c']);
  });

  it('answers 504 when the target does not answer in time, and frees the turn', async () => {
    const { upstream, proxy } = await start({ maxInFlight: 1, maxInFlightPerClient: 1, upstreamTimeoutMs: 300 });
    const answer = await problemOf(await send(proxy, 'msk_a'));
    expect(answer).toMatchObject({ status: 504, code: 'gateway_timeout' });
    expect(answer.detail).toContain(`the target ${upstream.origin} did not answer GET /v1/users/ within 0.3 s`);
    expect(proxy.load).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('refuses a body over its cap with 413 before forwarding anything', async () => {
    const { upstream, proxy } = await start({ maxBodyBytes: 1024 });
    const post = (size: number) => send(proxy, 'msk_a', { method: 'POST', body: JSON.stringify({ note: 'x'.repeat(size) }), headers: { 'content-type': 'application/json' } });
    const big = await problemOf(await post(2048));
    expect(big).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(big.detail).toContain('1 KiB');
    expect(upstream.arrived).toHaveLength(0);
    const small = post(900);
    await upstream.arrivals(1);
    upstream.releaseAll();
    expect((await small).status).toBe(200);
  });

  it('opens at most --max-in-flight connections to the target, however many clients send', async () => {
    const { upstream, proxy } = await start({ maxInFlight: 3, maxInFlightPerClient: 2 });
    const answers = Array.from({ length: 24 }, (_, index) => send(proxy, `msk_client_${index % 6}`));
    let answered = 0;
    while (answered < 24) {
      await upstream.arrivals(answered + 1);
      expect(upstream.held.length).toBeLessThanOrEqual(3);
      answered += upstream.held.length;
      upstream.releaseAll();
    }
    expect((await Promise.all(answers)).every((answer) => answer.status === 200)).toBe(true);
    expect(upstream.maxOpenSockets).toBeLessThanOrEqual(3);
  });
});
