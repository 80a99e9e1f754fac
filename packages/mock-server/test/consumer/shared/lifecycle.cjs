// The mock's life cycle as a team meets it, shared by the runners (see reset-safety.cjs):
// sessions across reset, one listening mock per process, unknown options, calls during a reset
// that nobody awaited, and a fixed clock.
'use strict';

/** @param {{ setupMockApi: Function, it: Function, expect: Function, beforeAll: Function, afterAll: Function, afterEach: Function }} runner */
function defineLifecycleTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach }) {
  const today = '2026-05-04T08:00:00.000Z';
  const mock = setupMockApi({ now: today });
  beforeAll(() => mock.listen());
  afterEach(() => {
    mock.reset(); // not awaited, as with msw's resetHandlers()
  });
  afterAll(() => mock.close());
  let session;

  it('signs a demo user in', async () => {
    session = await mock.signIn('user');
    expect((await session.client.calendars.list({ limit: 1 })).total).toBe(12);
  });

  it('keeps the session after the reset, and the clock says the fixed day', async () => {
    expect((await session.client.calendars.list({ limit: 1 })).total).toBe(12);
    const entry = await mock.as('user').client.calendars.create({ patient: mock.as('patient').credential.userId, name: 'Today', date: '2026-05-04' });
    expect(entry.createdAt).toBe(today);
    expect((await mock.seed.medication()).createdAt).toBe(today);
  });

  it('waits for the reset nobody awaited (seed, requests, ready) and says so when read too early (db)', async () => {
    await mock.seed.patient({ name: 'Before the reset' });
    mock.reset();
    expect(() => mock.db).toThrow(/mock\.db was read while mock\.reset\(\) is still running/);
    const patient = await mock.seed.patient({ name: 'After the reset' });
    await mock.ready();
    expect(mock.db.users.get(patient.id).name).toBe('After the reset');
    expect(mock.db.users.findFirst((q) => q.where({ name: 'After the reset' })).id).toBe(patient.id);
    expect(mock.db.calendarEntries.all().some((entry) => entry.name === 'Today')).toBe(false);
    expect(mock.db.users.all().some((user) => user.name === 'Before the reset')).toBe(false);
  });

  it('fails a second mock at listen(), and an unknown option at once', async () => {
    const second = setupMockApi();
    await expect(second.listen()).rejects.toMatchObject({ code: 'already_listening' });
    expect(() => setupMockApi({ nwo: today })).toThrow('unknown option "nwo"');
  });

  it('refuses a scenario before listen() at once; close() of a mock that never listened does nothing', () => {
    const idle = setupMockApi();
    expect(() => idle.fail('calendars.list', 500)).toThrow(expect.objectContaining({ code: 'not_started' }));
    expect(() => idle.close()).not.toThrow();
  });

  it('waits for a delay before the answer, whichever was set first (the order of events, not timing)', async () => {
    const events = [];
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = (callback, ms, ...args) =>
      ms === 29 ? (events.push('wait'), realSetTimeout(() => (events.push('waited'), callback(...args)), ms)) : realSetTimeout(callback, ms, ...args);
    try {
      const { headers } = mock.as('user');
      const call = async () => events.push(`answered ${(await fetch(`${mock.baseUrl}/calendars/64d005000000000000000001`, { headers })).status}`);
      mock.delay('GET /calendars/:id', 29, { once: true });
      mock.fail('GET /calendars/:id', 409, { once: true });
      await call();
      mock.fail('GET /calendars/:id', 503, { once: true });
      mock.delay('GET /calendars/:id', 29, { once: true });
      await call();
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    expect(events).toEqual(['wait', 'waited', 'answered 409', 'wait', 'waited', 'answered 503']);
  });
}

module.exports = { defineLifecycleTests };
