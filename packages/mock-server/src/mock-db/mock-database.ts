import type { Database } from '@medsched/reference-server';
import { MockCollection, type CreateInputOf, type RecordOf } from './mock-collection.js';

/**
 * `mock.db`: every table of the current database as a {@link MockCollection}, with @msw/data's
 * query API over all its shards, typed from the reference server's models.
 */
export type MockDatabase = { readonly [Name in keyof Database]: MockCollection<RecordOf<Name>, CreateInputOf<Name>> };

/** One view per database: `mock.db` is read often (every assertion), the database changes at reset. */
const views = new WeakMap<Database, MockDatabase>();

export function mockDatabaseOf(db: Database): MockDatabase {
  let view = views.get(db);
  if (!view) {
    view = Object.fromEntries(Object.entries(db).map(([name, table]) => [name, new MockCollection(table as never, name)])) as unknown as MockDatabase;
    views.set(db, view);
  }
  return view;
}
