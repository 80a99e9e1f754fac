import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockApi } from '../src/index.js';
import { useMockApi } from './support.js';

const entryId = '64d005000000000000000001';
const route = 'GET /calendars/:id';
/** Latencies no other timer of the mock, the SDK or msw uses, so that their timers can be told apart. */
const routeMs = 23;
const globalMs = 31;

/**
 * The order of events, not their timing: every timer the mock sets for one of the latencies
 * above, when it fires, and when the app's fetch settles. A delay applies before an answer when
 * its timer fires before the fetch settles.
 */
function recordOrder(): string[] {
  const events: string[] = [];
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (ms !== routeMs && ms !== globalMs && ms !== routeMs + globalMs) return realSetTimeout(callback, ms, ...args);
    events.push(`wait ${ms}`);
    return realSetTimeout(() => {
      events.push(`waited ${ms}`);
      callback(...args);
    }, ms);
  }) as typeof setTimeout);
  return events;
}

async function call(mock: MockApi, events: string[]): Promise<void> {
  const outcome = await fetch(`${mock.baseUrl}/calendars/${entryId}`, { headers: mock.as('user').headers }).then(
    (response) => String(response.status),
    () => 'network-error',
  );
  events.push(`answered ${outcome}`);
}

type Answer = { name: string; set: (mock: MockApi, entry: Entry) => void; outcome: string };
type Entry = Awaited<ReturnType<ReturnType<MockApi['as']>['client']['calendars']['get']>>;
const answers: Answer[] = [
  { name: 'the reference server', set: () => {}, outcome: '200' },
  { name: 'fail', set: (mock) => mock.fail(route, 409), outcome: '409' },
  { name: 'respond', set: (mock, entry) => mock.respond(route, { ...entry, name: 'Responded' }), outcome: '200' },
  { name: 'networkError', set: (mock) => mock.networkError(route), outcome: 'network-error' },
];

type Delay = { name: string; set: (mock: MockApi) => void; ms: number };
const delays: Delay[] = [
  { name: 'delay(route, ms)', set: (mock) => mock.delay(route, routeMs), ms: routeMs },
  { name: 'delay(ms)', set: (mock) => mock.delay(globalMs), ms: globalMs },
  { name: 'delay(route, ms, { once })', set: (mock) => mock.delay(route, routeMs, { once: true }), ms: routeMs },
];

describe('delay composes with every answer, in either order', () => {
  const mock = useMockApi();
  let events: string[];
  beforeEach(() => {
    events = recordOrder();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const answer of answers) {
    for (const latency of delays) {
      for (const order of ['delay first', 'answer first'] as const) {
        it(`${latency.name} and ${answer.name}, ${order}: the wait, then the answer`, async () => {
          // The entry as the API gives it, for respond (read before any delay is set).
          const entry = await mock.as('user').client.calendars.get(entryId);
          if (order === 'delay first') {
            latency.set(mock);
            answer.set(mock, entry);
          } else {
            answer.set(mock, entry);
            latency.set(mock);
          }
          await call(mock, events);
          expect(events).toEqual([`wait ${latency.ms}`, `waited ${latency.ms}`, `answered ${answer.outcome}`]);
        });
      }
    }
  }

  it('a once delay is used up by the first matching answer; the next comes without it', async () => {
    mock.fail(route, 503);
    mock.delay(route, routeMs, { once: true });
    await call(mock, events);
    await call(mock, events);
    expect(events).toEqual([`wait ${routeMs}`, `waited ${routeMs}`, 'answered 503', 'answered 503']);
  });

  it('a global and a per-route delay add up; other routes get the global one only', async () => {
    mock.delay(route, routeMs);
    mock.fail(route, 500);
    mock.delay(globalMs);
    await call(mock, events);
    const other = await fetch(`${mock.baseUrl}/organizations/64d001000000000000000001`, { headers: mock.as('user').headers });
    events.push(`answered ${other.status}`);
    expect(events).toEqual([`wait ${routeMs + globalMs}`, `waited ${routeMs + globalMs}`, 'answered 500', `wait ${globalMs}`, `waited ${globalMs}`, 'answered 200']);
  });

  it('a delay on another route leaves this one alone; reset() drops every delay', async () => {
    mock.delay('GET /organizations/:id', routeMs);
    await call(mock, events);
    mock.delay(globalMs);
    await mock.reset();
    await call(mock, events);
    expect(events).toEqual(['answered 200', 'answered 200']);
  });

  it('refuses a latency that is not a duration setTimeout can wait', () => {
    expect(() => mock.delay(-1)).toThrow(RangeError);
    expect(() => mock.delay(route, Number.NaN)).toThrow(/milliseconds/);
    expect(() => mock.delay(2 ** 31)).toThrow(/from 0 to 2147483647/);
  });
});
