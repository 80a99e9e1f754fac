import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CalendarEntryCreate } from '@medsched/sdk';
import { redacted, type JournalReads, type RequestJournal } from '../src/index.js';
import type { RemoteJournal } from '../src/playwright.js';
import { useMockApi } from './support.js';

const patient = '64d002000000000000000003';

describe('request journal', () => {
  const mock = useMockApi();

  it('records method, path, query, body and headers with secrets redacted', async () => {
    const { client } = mock.as('user');
    await client.calendars.create({ patient, name: 'Journal test', date: '2026-02-02', intakeTime: '09:00' });
    await client.calendars.list({ patient, limit: 5 });
    await fetch(`${mock.baseUrl}/organizations/64d001000000000000000001`, { headers: { authorization: 'Bearer secret.token.value' } });

    expect(mock.journal.entries.map((entry) => `${entry.method} ${entry.path} ${entry.outcome}`)).toEqual([
      'POST /v1/calendars/ 201',
      'GET /v1/calendars/ 200',
      'GET /v1/organizations/64d001000000000000000001 401',
    ]);
    const [create, list, unauthenticated] = mock.journal.entries;
    expect(create).toMatchObject({
      operation: 'calendars.create',
      body: { patient, name: 'Journal test', date: '2026-02-02', intakeTime: '09:00' },
      headers: { 'x-api-key': redacted, 'content-type': 'application/json' },
    });
    expect(list).toMatchObject({ operation: 'calendars.list', query: { patient, limit: '5' }, body: undefined });
    expect(unauthenticated!.headers.authorization).toBe(redacted);
    expect(JSON.stringify(mock.journal.entries)).not.toMatch(/msk_demo|secret\.token/);
  });

  it('finds by method, path pattern (relative or absolute), RegExp and operation, with typed bodies', async () => {
    const { client } = mock.as('user');
    const created = await client.calendars.create({ patient, name: 'A', date: '2026-02-03' });
    await client.calendars.update(created.id, { amount: 2 });
    await client.calendars.update(created.id, { amount: 3 });
    await client.calendars.get(created.id);

    expect(mock.journal.find({ method: 'PATCH', path: '/calendars/:id' })).toHaveLength(2);
    // The API reference's templates work too.
    expect(mock.journal.find({ method: 'PATCH', path: '/calendars/{calendarId}' })).toHaveLength(2);
    expect(mock.journal.count({ path: '/v1/calendars/{calendarId}' })).toBe(3);
    expect(mock.journal.find({ method: 'patch', path: `/v1/calendars/${created.id}` })).toHaveLength(2);
    expect(mock.journal.find({ path: /\/calendars\/[0-9a-f]{24}$/ })).toHaveLength(3);
    expect(mock.journal.count({ operation: 'calendars.get' })).toBe(1);
    expect(mock.journal.last({ method: 'PATCH' })?.body).toEqual({ amount: 3 });

    const creates = mock.journal.calls('calendars.create');
    expectTypeOf(creates[0]!.body).toEqualTypeOf<CalendarEntryCreate>();
    expect(creates[0]!.body.name).toBe('A');
  });

  it('redacts secrets in the bodies of the development routes', async () => {
    const answer = await fetch(new URL('/dev/token', mock.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'msk_demo_sonnen_user', ttlSeconds: 60 }),
    });
    expect(answer.status).toBe(200);
    expect(mock.journal.last()).toMatchObject({ path: '/dev/token', body: { apiKey: redacted, ttlSeconds: 60 }, operation: undefined });
  });

  it('records forced failures too', async () => {
    mock.fail('calendars.get', 404);
    await mock
      .as('user')
      .client.calendars.get('64d005000000000000000001')
      .catch(() => undefined);
    expect(mock.journal.last()).toMatchObject({ operation: 'calendars.get', outcome: 404 });
  });

  it('one shape of reads in Node, the browser and Playwright: all(), count() (entries and size stay, deprecated)', async () => {
    const { client } = mock.as('user');
    await client.calendars.list({ patient });
    const journal: JournalReads = mock.journal;
    expect(journal.all().map((entry) => entry.operation)).toEqual(['calendars.list']);
    expect(journal.count()).toBe(1);
    expect(mock.journal.entries).toEqual(journal.all());
    expect(mock.journal.size).toBe(1);
    // Playwright's journal is the same interface with promises: a helper written with await takes both.
    expectTypeOf<RemoteJournal>().toExtend<JournalReads<true>>();
    expectTypeOf<ReturnType<RemoteJournal['count']>>().toEqualTypeOf<Promise<number>>();
    expectTypeOf<ReturnType<RequestJournal['count']>>().toEqualTypeOf<number>();
  });
});
