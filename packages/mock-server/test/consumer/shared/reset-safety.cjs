// Tests that nothing of a test run reaches the network while tests reset. Shared by the runners
// (the mock server's own tests, Vitest in node and jsdom, Jest in node and jest-fixed-jsdom, each
// from the packed packages): each passes its own test functions and `setupMockApi`.
//
// A real local HTTP server stands on the mock's base URL, as it does when an app is pointed at a
// local API (`?baseUrl=http://127.0.0.1:4010/v1`): every request that msw let through would land
// there, with the app's credentials. Bursts of SDK calls (reads, a write, a delete of a scenario
// record) run across resets that are awaited and resets that are not (msw's `resetHandlers()` is
// synchronous, so teams call `mock.reset()` without `await`), and the server must see none.
'use strict';
const { createServer } = require('node:http');

/** The first demo medication: deleting a scenario record makes the next reset build a new copy. */
const demoMedication = '64d003000000000000000001';

/** @param {{ setupMockApi: Function, it: Function, expect: Function, beforeAll: Function, afterAll: Function, afterEach: Function }} runner */
function defineResetSafetyTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach }) {
  const reached = [];
  const standIn = createServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    response.setHeader('content-type', 'application/json');
    response.end('{"from":"the network"}');
  });
  let mock;
  let origin;

  beforeAll(async () => {
    await new Promise((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${standIn.address().port}`;
    mock = setupMockApi({ baseUrl: `${origin}/v1` });
    await mock.listen();
  });
  let finished = 0;
  // Every other test ends with a reset that nobody awaits.
  afterEach(() => {
    finished += 1;
    if (finished % 2 === 0) return mock.reset();
    mock.reset();
    return undefined;
  });
  afterAll(async () => {
    mock.close();
    await new Promise((resolve) => standIn.close(resolve));
  });

  const outcome = (promise) =>
    promise.then(
      () => 'answered',
      (error) => (error && error.status) || String(error),
    );

  for (let round = 1; round <= 4; round++) {
    it(`answers a burst of calls across resets from the mock, never the network (${round})`, async () => {
      const { client } = mock.as('user'); // works during the previous test's un-awaited reset
      const patient = mock.as('patient').credential.userId;
      const calls = [];
      for (let i = 0; i < 60; i++) {
        calls.push(client.calendars.list({ limit: 1 }).then((page) => page.total));
        if (i % 15 === 3) calls.push(outcome(client.calendars.create({ patient, name: `Burst ${round}.${i}`, date: '2026-03-01' })));
        if (i % 15 === 7) calls.push(outcome(client.medications.delete(demoMedication)));
        if (i % 15 === 10) mock.reset(); // not awaited, in the middle of the burst
        if (i % 30 === 13) await mock.reset();
      }
      const results = await Promise.all(calls);
      // Every list came from the mock's demo data (the stand-in answers something else entirely).
      expect(results.filter((result) => typeof result === 'number' && result < 11)).toEqual([]);
      expect(reached).toEqual([]);
    });
  }

  it('answers from the scenario again once the reset is done', async () => {
    await mock.ready();
    expect(mock.db.medications.get(demoMedication)).toBeDefined();
    expect(mock.db.calendarEntries.all().some((entry) => entry.name.startsWith('Burst'))).toBe(false);
    expect((await mock.as('user').client.calendars.list({ limit: 1 })).total).toBe(12);
    expect(reached).toEqual([]);
  });

  it('fails a request that no handler answers, during a reset too, without reaching the server', async () => {
    const consoleError = console.error;
    console.error = () => undefined; // msw prints the unhandled request; the rejection is what we check
    try {
      mock.reset();
      const outside = await fetch(`${origin}/elsewhere`).then(
        () => 'answered',
        () => 'rejected',
      );
      expect(outside).toBe('rejected');
    } finally {
      console.error = consoleError;
    }
    expect(reached).toEqual([]);
  });
}

module.exports = { defineResetSafetyTests };
