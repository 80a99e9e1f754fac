import { setupMockApi } from '@medsched/mock-server';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const mock = setupMockApi();
beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

it('lists, fails and journals in jsdom, as the README shows', async () => {
  const patient = await mock.seed.patient({ name: 'Vita Test' });
  const { client } = mock.as('user');
  await client.calendars.create({ patient: patient.id, name: 'Evening tablet', date: '2026-03-01' });
  expect((await client.calendars.list({ patient: patient.id })).items.map((entry) => entry.name)).toEqual(['Evening tablet']);
  mock.fail('GET /calendars/:id', 409);
  await expect(client.calendars.get('64d003000000000000000001')).rejects.toMatchObject({ status: 409 });
  expect(mock.journal.count({ method: 'POST' })).toBe(1);
  expect(typeof document.createElement).toBe('function');
});

it('starts the next test from the seed', () => {
  expect(mock.db.users.all().some((user) => user.name === 'Vita Test')).toBe(false);
});
