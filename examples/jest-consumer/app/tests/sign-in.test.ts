// A TypeScript test through ts-jest, type-checked against the published declarations.
import { setupMockApi, type JournalEntry } from '@medsched/mock-server';
import type { CalendarEntry } from '@medsched/sdk/schemas';

const mock = setupMockApi({ seed: 'empty' });
beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

test('a signed-in nurse creates an entry for a seeded patient; the journal shows the body', async () => {
  const nurse = await mock.seed.user({ name: 'Nina Nurse' });
  const patient = await mock.seed.patient({ organization: nurse.organization });
  const { client } = await mock.signIn(await mock.seed.credential(nurse));
  const entry: CalendarEntry = await client.calendars.create({ patient: patient.id, name: 'Vitamin D', date: '2026-03-02' });
  expect(entry.patient).toBe(patient.id);
  const posts: JournalEntry[] = mock.journal.calls('calendars.create');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.body).toMatchObject({ name: 'Vitamin D' });
  expect(posts[0]?.headers.authorization).toBe('[redacted]');
});

test("an expired token gets the reference server's 401, and the SDK refreshes it", async () => {
  const admin = await mock.seed.user({ role: 'admin' });
  const { client } = await mock.signIn(await mock.seed.credential(admin));
  mock.expireTokens();
  const page = await client.users.list({ organization: admin.organization });
  expect(page.items.map((user) => user.id)).toContain(admin.id);
  expect(mock.journal.find({ path: '/dev/token/refresh' })).toHaveLength(1);
});
