import { describe, expect, it } from 'vitest';
import { MockApiError } from '../src/index.js';
import { useMockApi } from './support.js';

/** mock.db: @msw/data's query API over all shards of each table, typed, with writes that keep the indexes in step. */
describe('mock.db', () => {
  const mock = useMockApi({ seed: 'empty', now: '2026-05-04T08:00:00Z' });

  /** 300 medications: three @msw/data collections of at most 128 records behind one table. */
  async function manyMedications() {
    const organization = await mock.seed.organization({ name: 'Many' });
    for (let n = 0; n < 300; n++) await mock.seed.medication({ organization: organization.id, name: `Med ${String(n).padStart(3, '0')}` });
    return organization;
  }

  it('findFirst and findMany with where, over every shard', async () => {
    await manyMedications();
    expect(mock.db.medications.findFirst((q) => q.where({ name: 'Med 299' }))?.name).toBe('Med 299');
    expect(mock.db.medications.findFirst((q) => q.where({ name: 'Nothing' }))).toBeUndefined();
    const late = mock.db.medications.findMany((q) => q.where({ name: (name) => name >= 'Med 250' }));
    expect(late.map((medication) => medication.name)).toEqual(Array.from({ length: 50 }, (_, n) => `Med ${250 + n}`));
    const either = mock.db.medications.findMany((q) => q.where({ name: 'Med 001' }).or(q.where({ name: 'Med 200' })));
    expect(either.map((medication) => medication.name)).toEqual(['Med 001', 'Med 200']);
  });

  it('findMany with orderBy, cursor, skip and take across shards; count with and without a query', async () => {
    await manyMedications();
    const page = mock.db.medications.findMany(undefined, { orderBy: { name: 'desc' }, skip: 2, take: 3 });
    expect(page.map((medication) => medication.name)).toEqual(['Med 297', 'Med 296', 'Med 295']);
    const after = mock.db.medications.findMany(undefined, { orderBy: { name: 'desc' }, cursor: page[2], take: 1 });
    expect(after.map((medication) => medication.name)).toEqual(['Med 294']);
    expect(mock.db.medications.count()).toBe(300);
    expect(mock.db.medications.count((q) => q.where({ name: (name) => name.endsWith('7') }))).toBe(30);
  });

  it('update keeps the indexes and the API in step; reset undoes it', async () => {
    const patient = await mock.seed.patient({ name: 'Paula' });
    const other = await mock.seed.patient({ name: 'Otto' });
    const entry = await mock.seed.calendarEntry({ patient: patient.id, name: 'Before' });
    const updated = await mock.db.calendarEntries.update((q) => q.where({ id: entry.id }), {
      data: (draft) => {
        draft.name = 'After';
        draft.patient = other.id;
      },
    });
    expect(updated).toMatchObject({ id: entry.id, name: 'After', patient: other.id });
    expect(mock.db.calendarEntries.get(entry.id)?.name).toBe('After');
    expect(mock.db.calendarEntries.group('patient', other.id).map((record) => record.id)).toEqual([entry.id]);
    expect(mock.db.calendarEntries.group('patient', patient.id)).toEqual([]);
    const admin = await mock.seed.user({ role: 'admin', organization: entry.organization });
    const { client } = mock.as(await mock.seed.credential(admin));
    expect((await client.calendars.get(entry.id)).name).toBe('After');
    expect((await client.calendars.list({ patient: other.id })).items.map((listed) => listed.id)).toEqual([entry.id]);

    await mock.reset();
    expect(mock.db.calendarEntries.count()).toBe(0);
  });

  it('updateMany, delete and deleteMany by query; the API sees the deletes', async () => {
    await manyMedications();
    const renamed = await mock.db.medications.updateMany((q) => q.where({ name: (name) => name < 'Med 003' }), {
      data: (draft) => {
        draft.name = `${draft.name} (renamed)`;
      },
    });
    expect(renamed.map((medication) => medication.name)).toEqual(['Med 000 (renamed)', 'Med 001 (renamed)', 'Med 002 (renamed)']);
    const gone = mock.db.medications.delete((q) => q.where({ name: 'Med 150' }));
    expect(gone?.name).toBe('Med 150');
    expect(mock.db.medications.get(gone!.id)).toBeUndefined();
    expect(mock.db.medications.deleteMany((q) => q.where({ name: (name) => name >= 'Med 290' }))).toHaveLength(10);
    expect(mock.db.medications.count()).toBe(289);
    const admin = await mock.seed.user({ role: 'admin', organization: gone!.organization });
    const { client } = mock.as(await mock.seed.credential(admin));
    await expect(client.medications.get(gone!.id)).rejects.toMatchObject({ status: 404 });
  });

  it('create stores through the table; strict reads and writes throw a coded error when nothing matches', async () => {
    const organization = await mock.seed.organization({ name: 'Created' });
    const model = await mock.seed.medication({ organization: organization.id });
    // @msw/data's create takes the whole record (the model has no defaults); mock.seed.* fills them in.
    const created = await mock.db.medications.create({ ...model, id: '64d0aa0000000000000000ff', name: 'Made by db' });
    expect(mock.db.medications.get(created.id)?.name).toBe('Made by db');
    expect(mock.db.medications.findFirst((q) => q.where({ id: created.id }), { strict: true })).toEqual(created);
    const strictMiss = () => mock.db.medications.findFirst((q) => q.where({ name: 'missing' }), { strict: true });
    expect(strictMiss).toThrow(MockApiError);
    expect(strictMiss).toThrow(/mock\.db\.medications\.findFirst\(…, \{ strict: true \}\): no record matches/);
    await expect(mock.db.medications.update((q) => q.where({ name: 'missing' }), { data: () => {}, strict: true })).rejects.toMatchObject({ code: 'no_match' });
    await expect(mock.db.medications.update((q) => q.where({ name: 'missing' }), { data: () => {} })).resolves.toBeUndefined();
  });

  it('is typed from the models', () => {
    const typed = () => {
      // @ts-expect-error `nmae` is no field of a medication
      mock.db.medications.findFirst((q) => q.where({ nmae: 'x' }));
      // @ts-expect-error a medication's name is a string
      mock.db.medications.findMany((q) => q.where({ name: 3 }));
      // @ts-expect-error orderBy names fields of the model
      mock.db.calendarEntries.findMany(undefined, { orderBy: { when: 'asc' } });
    };
    expect(typed).toBeTypeOf('function');
  });
});
