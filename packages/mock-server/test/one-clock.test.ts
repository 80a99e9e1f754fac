import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

/**
 * One clock: the journal's `at`, records' times and "today" all follow the mock's `now`, and
 * "today" is the patient's date, not UTC's: at 23:30Z it is already tomorrow in Berlin and still
 * today in New York.
 */
describe('one clock, "today" in the patient\'s zone', () => {
  const mock = useMockApi({ now: '2026-05-04T23:30:00Z' });

  it("a seeded calendar entry without a date is on the patient's today", async () => {
    const berlin = await mock.seed.patient({ name: 'Berta Berlin', timezone: 'Europe/Berlin' });
    const newYork = await mock.seed.patient({ name: 'Nina New York', timezone: 'America/New_York' });
    const utc = await mock.seed.patient({ name: 'Uma UTC' });
    expect((await mock.seed.calendarEntry({ patient: berlin.id })).date).toBe('2026-05-05');
    expect((await mock.seed.calendarEntry({ patient: newYork.id })).date).toBe('2026-05-04');
    expect((await mock.seed.calendarEntry({ patient: utc.id })).date).toBe('2026-05-04');
  });

  it("an API create without a date is on the patient's today too, and the journal's time is the mock's now", async () => {
    const berlin = await mock.seed.patient({ name: 'Berta Berlin', timezone: 'Europe/Berlin' });
    const created = await mock.as('user').client.calendars.create({ patient: berlin.id, name: 'No date given' });
    expect(created.date).toBe('2026-05-05');
    expect(created.createdAt).toBe('2026-05-04T23:30:00.000Z');
    expect(mock.journal.last({ operation: 'calendars.create' })?.at).toBe('2026-05-04T23:30:00.000Z');
    expect(mock.journal.last()?.outcome).toBe(201);
  });
});
