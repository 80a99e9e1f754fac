/**
 * What a fetch throws, as each runtime throws it, and what the caller gets: a network failure is
 * a ConnectionError retried by the same rules everywhere (a create with its key), a bug in a
 * custom fetch is `fetch_error` and tried once. The shapes are those the runtimes throw: Node's
 * TypeError with a system code, workerd's plain `Error('Network connection lost.')`, a
 * DOMException, and errors from another realm (Jest runs tests in a vm context beside Node's fetch).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ConnectionError, MedschedError, type LoggerEntry } from '../src/index.js';
import { calendarEntry, ids, medication } from './support/fixtures.js';
import { failure } from './support/failure.js';
import { testClient } from './support/server.js';

/** A fetch that throws `thrown()` for the first `failures` attempts, then answers with `body`; records each request and what it threw. */
function flakyFetch(thrown: () => unknown, failures: number, body: unknown, status = 200) {
  const requests: Request[] = [];
  const thrownValues: unknown[] = [];
  // Async and throwing on purpose: the rejection is the value as thrown (a string, undefined, an
  // Error of another realm), which Promise.reject would have to be an Error of this realm for the linter.
  // oxlint-disable-next-line typescript/require-await
  const fetch = async (input: RequestInfo | URL) => {
    requests.push(input as Request);
    if (requests.length <= failures) {
      thrownValues.push(thrown());
      throw thrownValues.at(-1);
    }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch, requests, thrownValues };
}

const networkFailures: Record<string, () => unknown> = {
  'workerd: plain Error "Network connection lost."': () => new Error('Network connection lost.'),
  'Node: TypeError "fetch failed" caused by ECONNRESET': () => new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
  'Node/undici: "other side closed" (UND_ERR_SOCKET, not an E… code)': () => new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }),
  'an older browser: DOMException NetworkError': () => new DOMException('A network error occurred.', 'NetworkError'),
  'Jest: a TypeError from another realm': () => runInNewContext('new TypeError("fetch failed")') as unknown,
  'Jest: a plain Error from another realm': () => runInNewContext('new Error("Network connection lost.")') as unknown,
};

const bugs: Record<string, () => unknown> = {
  ReferenceError: () => new ReferenceError('responseCache is not defined'),
  SyntaxError: () => new SyntaxError('Unexpected token'),
  RangeError: () => new RangeError('Maximum call stack size exceeded'),
  'a ReferenceError from another realm': () => runInNewContext('new ReferenceError("cache is not defined")') as unknown,
  'a string': () => 'oops',
  undefined: () => undefined,
};

describe('a network failure, in the shape each runtime throws it', () => {
  for (const [runtime, thrown] of Object.entries(networkFailures)) {
    it(`${runtime}: a ConnectionError naming the server and the cause, after the retries`, async () => {
      const { fetch, requests, thrownValues } = flakyFetch(thrown, Infinity, null);
      const error = await failure(testClient({ fetch, maxRetries: 2 }).medications.get(ids.medication));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ code: 'connection_error', name: 'ConnectionError' });
      expect((error as Error).message).toContain('could not reach https://api.medsched.test/v1');
      expect((error as Error).cause).toBe(thrownValues.at(-1));
      expect(requests).toHaveLength(3);
    });
  }

  it("workerd: a create whose connection drops is retried once with the same Idempotency-Key, and the answer is the caller's", async () => {
    const waits: LoggerEntry[] = [];
    const entry = calendarEntry();
    const { fetch, requests } = flakyFetch(networkFailures['workerd: plain Error "Network connection lost."']!, 1, entry, 201);
    const client = testClient({ fetch, logger: (logged) => logged.type === 'retry-wait' && waits.push(logged) });
    const created = await client.calendars.create({ patient: ids.patient, name: 'Metformin 500 mg' });
    expect(created).toEqual(entry);
    expect(requests).toHaveLength(2);
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/\S/);
    expect(keys[1]).toBe(keys[0]);
    expect(waits).toMatchObject([{ type: 'retry-wait', reason: 'connection_error', attempt: 1, operation: 'calendars.create' }]);
  });

  it('a body that fails while read (the connection drops mid-answer) is a ConnectionError too, and retried', async () => {
    let attempts = 0;
    const fetch = (() => {
      attempts++;
      if (attempts === 1) {
        const body = new ReadableStream({ start: (controller) => controller.error(new Error('Network connection lost.')) });
        return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
      }
      return Promise.resolve(Response.json(medication()));
    }) as typeof globalThis.fetch;
    expect(await testClient({ fetch }).medications.get(ids.medication)).toEqual(medication());
    expect(attempts).toBe(2);
  });
});

describe('a bug in a custom fetch', () => {
  for (const [what, thrown] of Object.entries(bugs)) {
    it(`${what}: fetch_error, not a ConnectionError, tried once`, async () => {
      const { fetch, requests } = flakyFetch(thrown, Infinity, null);
      const error = await failure(testClient({ fetch, maxRetries: 2 }).medications.get(ids.medication));
      expect(error).toBeInstanceOf(MedschedError);
      expect(error).not.toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ code: 'fetch_error' });
      expect(requests).toHaveLength(1);
    });
  }

  it('whatever a fetch throws, the caller gets a MedschedError: a ConnectionError exactly when it is error-shaped and not a bug', async () => {
    const bugNames = ['ReferenceError', 'SyntaxError', 'RangeError', 'EvalError', 'URIError'];
    const names = [...bugNames, 'TypeError', 'Error', 'NetworkError', 'AbortError', 'TimeoutError', '', 'referenceerror'];
    const thrownValues: unknown[] = [
      ...names.map((name) => ({ name, message: 'm' })),
      ...names.map((name) => Object.assign(new Error('m'), { name })),
      { name: 'Error' },
      { message: 'no name' },
      { name: 1, message: 'm' },
      null,
      0,
      Symbol('s'),
      [],
    ];
    for (const thrown of thrownValues) {
      const { fetch } = flakyFetch(() => thrown, Infinity, null);
      const error = await failure(testClient({ fetch, maxRetries: 0 }).medications.get(ids.medication));
      expect(error).toBeInstanceOf(MedschedError);
      const { name, message } = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as { name?: unknown; message?: unknown };
      const networkFailure = typeof name === 'string' && typeof message === 'string' && !bugNames.includes(name);
      expect({ thrown, connection: error instanceof ConnectionError }).toEqual({ thrown, connection: networkFailure });
    }
  });
});
