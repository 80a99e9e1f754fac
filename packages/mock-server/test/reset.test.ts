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
