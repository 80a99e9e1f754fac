import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { CalendarEntryRecord } from '../src/db/models.js';

const entry = (id: string, patient: string, date: string): CalendarEntryRecord => ({
  id,
  patient,
  date,
  organization: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  baked: false,
  seriesId: null,
  name: id,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('Map indexes over @msw/data collections', () => {
  it('stay in step with create, update and delete', async () => {
    const db = createDatabase();
    const p1 = '111111111111111111111111';
    const p2 = '222222222222222222222222';
    await db.calendarEntries.create(entry('000000000000000000000001', p1, '2026-01-05'));
    const second = await db.calendarEntries.create(entry('000000000000000000000002', p1, '2026-01-06'));
    expect(db.calendarEntries.group('patient', p1).map((record) => record.id)).toEqual(['000000000000000000000001', '000000000000000000000002']);

    const moved = await db.calendarEntries.update(second, (draft) => {
      draft.patient = p2;
      draft.date = '2026-01-07';
    });
    expect(db.calendarEntries.get(second.id)).toBe(moved);
    expect(db.calendarEntries.group('patient', p1)).toHaveLength(1);
    expect(db.calendarEntries.group('patientDate', `${p2}|2026-01-07`).map((record) => record.id)).toEqual([second.id]);
    expect(db.calendarEntries.group('patientDate', `${p1}|2026-01-06`)).toEqual([]);

    db.calendarEntries.delete(moved);
    expect(db.calendarEntries.get(second.id)).toBeUndefined();
    expect(db.calendarEntries.group('patient', p2)).toEqual([]);
    expect(db.calendarEntries.all()).toHaveLength(1);
    expect(db.calendarEntries.collections.flatMap((collection) => collection.all())).toHaveLength(1);
  });
});
