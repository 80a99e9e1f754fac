import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

// Sequential on purpose: the second test relies on the reset after the first.
describe('reset between tests', () => {
  const mock = useMockApi();
  let createdId = '';

  it('creates a record through the API', async () => {
    const patient = mock.db.users.all().find((user) => user.role === 'patient')!;
    const entry = await mock.as('user').client.calendars.create({ patient: patient.id, name: 'Only in test one', date: '2026-03-01' });
    createdId = entry.id;
    expect(mock.db.calendarEntries.get(createdId)?.name).toBe('Only in test one');
    expect(mock.journal.size).toBe(1);
    mock.fail('calendars.get', 500);
  });

  it('finds neither the record, the journal, nor the scenario in the next test', async () => {
    expect(createdId).not.toBe('');
    expect(mock.db.calendarEntries.get(createdId)).toBeUndefined();
    expect(mock.journal.entries).toEqual([]);
    const { client } = mock.as('user');
    await expect(client.calendars.get(createdId)).rejects.toMatchObject({ status: 404 });
    // The demo data is back in full.
    const page = await client.calendars.list({ limit: 1 });
    expect(page.total).toBe(12); // the organization's 4 patients × 3 demo entries
  });

  it('starts from an empty database with seed "empty"', async () => {
    const { setupMockApi } = await import('../src/index.js');
    const empty = setupMockApi({ seed: 'empty' });
    await empty.init();
    expect(empty.db.users.size).toBe(0);
    expect(() => empty.as('admin')).toThrow(/seed: 'empty'.*mock\.seed\.user/);
  });
});

describe('signIn() sessions across reset()', () => {
  const mock = useMockApi();
  let session: Awaited<ReturnType<typeof mock.signIn>>;

  it('signs a demo user in once', async () => {
    session = await mock.signIn('user');
    expect((await session.client.calendars.list({ limit: 1 })).total).toBe(12);
  });

  it('keeps the session of a scenario user after the reset (same user ids, same signing key)', async () => {
    expect((await session.client.calendars.list({ limit: 1 })).total).toBe(12);
    const answer = await fetch(`${mock.baseUrl}/calendars/?limit=1`, { headers: session.headers });
    expect(answer.status).toBe(200);
  });

  it('ends the session of a user made in a test: the server answers 401, the account is gone', async () => {
    const staff = await mock.seed.user({ role: 'user', name: 'Tess Temporary' });
    const temporary = await mock.signIn(await mock.seed.credential(staff));
    expect((await temporary.client.calendars.list({ limit: 1 })).total).toBe(12);
    await mock.reset();
    const answer = await fetch(`${mock.baseUrl}/calendars/?limit=1`, { headers: temporary.headers });
    expect(answer.status).toBe(401);
    const error = await temporary.client.calendars.list({ limit: 1 }).catch((caught: unknown) => caught);
    // The server's own answer: the account is gone with the reset.
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', message: expect.stringContaining('the credential belongs to no account') as unknown });
  });
});

describe('calls during a reset that is not awaited', () => {
  const mock = useMockApi();

  it('wait for it (seed, signIn, ready, requests) or say what to do (db)', async () => {
    const patient = await mock.seed.patient({ name: 'Before the reset' });
    void mock.reset();
    expect(() => mock.db).toThrow(expect.objectContaining({ code: 'reset_in_progress' }));
    expect(() => mock.db).toThrow(/mock\.db was read while mock\.reset\(\) is still running; await it/);
    const { client } = mock.as('user'); // needs no database
    const [page, seeded, signedIn] = await Promise.all([client.calendars.list({ limit: 1 }), mock.seed.medication({ name: 'During the reset' }), mock.signIn('admin')]);
    expect(page.total).toBe(12);
    await mock.ready();
    expect(mock.db.users.get(patient.id)).toBeUndefined();
    expect(mock.db.medications.get(seeded.id)?.name).toBe('During the reset');
    expect((await signedIn.client.organizations.get(signedIn.credential.organizationId)).id).toBe(signedIn.credential.organizationId);
  });

  it('queues resets behind each other, and scenarios set meanwhile apply to the new state', async () => {
    await mock.seed.patient({ name: 'Gone' });
    void mock.reset();
    void mock.reset();
    mock.rateLimit(1);
    mock.fail('calendars.get', 503);
    const { client } = mock.as('user');
    await expect(client.calendars.get('64d005000000000000000001')).rejects.toMatchObject({ status: 503 });
    // The failure scenario answers before the pipeline's limiter: the first list is the first counted.
    await expect(client.calendars.list({ limit: 1 })).resolves.toMatchObject({ total: 12 });
    await expect(client.calendars.list({ limit: 1 })).rejects.toMatchObject({ status: 429 });
    await mock.ready();
    expect(mock.db.users.all().some((user) => user.name === 'Gone')).toBe(false);
  });
});
