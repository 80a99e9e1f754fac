import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

const entryId = '64d005000000000000000001';
const patient = '64d002000000000000000003';

// Concurrent tests, each in its own msw boundary with its own database, journal and scenarios.
describe.concurrent('isolated(): concurrent tests do not see each other', () => {
  const mock = useMockApi();

  it(
    'A: forces a 409 and creates an entry',
    mock.isolated(async (api) => {
      api.fail('PATCH /calendars/:id', 409);
      const { client } = api.as('user');
      const created = await client.calendars.create({ patient, name: 'only in A', date: '2026-04-01' });
      await new Promise((resolve) => setTimeout(resolve, 150)); // overlap with B
      await expect(client.calendars.update(entryId, { amount: 2 })).rejects.toMatchObject({ status: 409 });
      expect(api.db.calendarEntries.get(created.id)).toBeDefined();
      expect(api.journal.entries.map((entry) => entry.operation)).toEqual(['calendars.create', 'calendars.update']);
    }),
  );

  it(
    'B: sees no 409, no entry of A, and only its own requests',
    mock.isolated(async (api) => {
      const { client } = api.as('user');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await client.calendars.update(entryId, { amount: 5 })).amount).toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const titles = (await client.calendars.list({ patient })).items.map((entry) => entry.title);
      expect(titles).not.toContain('only in A');
      expect(api.journal.entries.map((entry) => entry.operation)).toEqual(['calendars.update', 'calendars.list']);
    }),
  );

  it(
    "C: the app's own server.use inside the boundary stays inside",
    mock.isolated(async (api) => {
      mock.server.use(http.get('*/v1/organizations/:id', () => HttpResponse.json({ id: 'x' }, { status: 418 })));
      const answer = await fetch(`${api.baseUrl}/organizations/64d001000000000000000001`, { headers: api.as('admin').headers });
      expect(answer.status).toBe(418);
    }),
  );

  it(
    "D: does not see C's override",
    mock.isolated(async (api) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const answer = await fetch(`${api.baseUrl}/organizations/64d001000000000000000001`, { headers: api.as('admin').headers });
      expect(answer.status).toBe(200);
    }),
  );
});

describe('outside the boundaries', () => {
  const mock = useMockApi();
  it("the shared mock has none of the isolated tests' data or journal", async () => {
    const titles = (await mock.as('user').client.calendars.list({ patient })).items.map((entry) => entry.title);
    expect(titles).not.toContain('only in A');
    expect(mock.journal.size).toBe(1);
  });
});
