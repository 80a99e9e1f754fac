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
    expect(mock.db.calendarEntries.all().some((entry) => entry.name === 'Today')).toBe(false);
    expect(mock.db.users.all().some((user) => user.name === 'Before the reset')).toBe(false);
  });

  it('fails a second mock at listen(), and an unknown option at once', async () => {
    const second = setupMockApi();
    await expect(second.listen()).rejects.toMatchObject({ code: 'already_listening' });
    expect(() => setupMockApi({ nwo: today })).toThrow('unknown option "nwo"');
  });
}

module.exports = { defineLifecycleTests };
