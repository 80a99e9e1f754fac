// A JavaScript test, as a team without TypeScript writes it.
const { setupMockApi } = require('@medsched/mock-server');

const mock = setupMockApi();
beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

test('lists the demo calendar through the SDK', async () => {
  const page = await mock.as('user').client.calendars.list({ limit: 2 });
  expect(page.total).toBe(12);
  expect(mock.journal.count({ operation: 'calendars.list' })).toBe(1);
});

test('updates a record (the in-memory database changes) and sees a forced conflict', async () => {
  const patient = await mock.seed.patient({ name: 'Paula Jest' });
  const { client } = mock.as('user');
  const entry = await client.calendars.create({ patient: patient.id, name: 'Morning tablet', date: '2026-03-01' });
  await client.calendars.update(entry.id, { name: 'Noon tablet' });
  expect(mock.db.calendarEntries.get(entry.id).name).toBe('Noon tablet');
  mock.fail('PATCH /calendars/:id', 409);
  await expect(client.calendars.update(entry.id, { name: 'Evening tablet' })).rejects.toMatchObject({ status: 409 });
});

test('the previous test left nothing behind', () => {
  expect(mock.db.users.all().some((user) => user.name === 'Paula Jest')).toBe(false);
  expect(mock.journal.size).toBe(0);
});

test('a request nobody handles fails the fetch', async () => {
  const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await expect(fetch('https://elsewhere.test/analytics')).rejects.toThrow();
  expect(printed.mock.calls.flat().join('\n')).toContain('https://elsewhere.test/analytics');
  printed.mockRestore();
});
