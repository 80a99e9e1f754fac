import type { Database } from '@medsched/reference-server';
import { MockApiError } from '../mock-error.js';
import { comparatorOf, type FindManyOptions, type OrderBy, type QueryInput, type StrictOption, type UpdateOptions } from './record-query.js';

/** The reference server's table behind a collection, as far as the collection uses it. */
interface TableLike<T extends { id: string }> {
  get(id: string): T | undefined;
  group(name: string, key: string): T[];
  all(): T[];
  readonly size: number;
  readonly collections: ReadonlyArray<ShardLike<T>>;
  create(values: never): Promise<T>;
  // The change may be async: @msw/data awaits it (the reference server's tables hand it on).
  update(record: T, change: (draft: T) => void | Promise<void>): Promise<T>;
  delete(record: T): T;
}

/** One @msw/data collection (a shard of the table), as far as queries use it. */
interface ShardLike<T> {
  findFirst(predicate?: unknown): T | undefined;
  findMany(predicate?: unknown): T[];
}

/** The record type of one table of the database. */
export type RecordOf<Name extends keyof Database> = ReturnType<Database[Name]['all']>[number];
/** What a table's `create` accepts (the model's input: defaults may be left out). */
export type CreateInputOf<Name extends keyof Database> = Parameters<Database[Name]['create']>[0];

/**
 * One table of `mock.db` with @msw/data's query API (`findFirst`, `findMany`, `count`, `update`,
 * `updateMany`, `delete`, `deleteMany`, `create`) over all its shards (the reference server keeps
 * each table in @msw/data collections of 128 records), beside the table's own reads by key
 * (`get`, `group`, `all`, `size`). Queries run in @msw/data itself: a query function gets its
 * `Query`. Writes go through the table, so its indexes, the API's listings and `reset()` see them.
 */
export class MockCollection<T extends { id: string }, Input = Partial<T>> {
  constructor(
    private readonly table: TableLike<T>,
    private readonly name: string,
  ) {}

  /** The record with this id (an index read). */
  get(id: string): T | undefined {
    return this.table.get(id);
  }

  /** The records of one index group, e.g. `mock.db.calendarEntries.group('patient', patientId)`. */
  group(name: string, key: string): T[] {
    return this.table.group(name, key);
  }

  /** Every record, in storage order. */
  all(): T[] {
    return this.table.all();
  }

  get size(): number {
    return this.table.size;
  }

  /**
   * The first record the query matches (or the first record), in storage order.
   * @example mock.db.calendarEntries.findFirst((q) => q.where({ patient: patientId, name: 'Metformin' }))
   */
  findFirst(query?: QueryInput<T>, options: StrictOption = {}): T | undefined {
    const predicate = toPredicate(query);
    for (const shard of this.table.collections) {
      const found = shard.findFirst(predicate);
      if (found) return found;
    }
    if (options.strict) throw this.#noMatch('findFirst');
    return undefined;
  }

  /**
   * Every record the query matches, in storage order or `orderBy`, then `cursor`, `skip`, `take`.
   * @example mock.db.calendarEntries.findMany((q) => q.where({ date: (date) => date >= '2026-05-04' }), { orderBy: { date: 'asc' }, take: 5 })
   */
  findMany(query?: QueryInput<T>, options: FindManyOptions<T> = {}): T[] {
    const predicate = toPredicate(query);
    let found = this.table.collections.flatMap((shard) => shard.findMany(predicate));
    if (options.orderBy) found = found.sort(comparatorOf(options.orderBy));
    if (options.cursor) {
      const at = found.findIndex((record) => record.id === options.cursor!.id);
      found = at === -1 ? [] : found.slice(at + 1);
    }
    const skip = options.skip ?? 0;
    found = found.slice(skip, options.take === undefined ? undefined : skip + options.take);
    if (options.strict && found.length === 0) throw this.#noMatch('findMany');
    return found;
  }

  /** How many records the query matches (all records without one). */
  count(query?: QueryInput<T>): number {
    return query === undefined ? this.table.size : this.findMany(query).length;
  }

  /** Stores a new record through the table (defaults filled in by the model); returns it. */
  create(values: Input): Promise<T> {
    return this.table.create(values as never);
  }

  /**
   * Changes the first record the query matches (or the record given) with `data(draft)`, checked
   * against the model; resolves to the stored record, or undefined when none matches.
   * @example await mock.db.users.update((q) => q.where({ id }), { data: (user) => { user.name = 'Renamed'; } })
   */
  async update(query: QueryInput<T> | T, options: UpdateOptions<T>): Promise<T | undefined> {
    const target = this.#target(query);
    if (!target) {
      if (options.strict) throw this.#noMatch('update');
      return undefined;
    }
    return this.table.update(target, options.data);
  }

  /** Changes every record the query matches, one after the other (in `orderBy` if given). */
  async updateMany(query: QueryInput<T>, options: UpdateOptions<T> & { orderBy?: OrderBy<T> }): Promise<T[]> {
    const targets = this.findMany(query, { orderBy: options.orderBy, strict: options.strict });
    const updated: T[] = [];
    for (const target of targets) {
      // Deleted by an earlier change's side effect: nothing to change.
      if (this.table.get(target.id)) updated.push(await this.table.update(target, options.data));
    }
    return updated;
  }

  /** Deletes the first record the query matches (or the record given); returns it. */
  delete(query: QueryInput<T> | T, options: StrictOption = {}): T | undefined {
    const target = this.#target(query);
    if (!target) {
      if (options.strict) throw this.#noMatch('delete');
      return undefined;
    }
    return this.table.delete(target);
  }

  /** Deletes every record the query matches; returns them. */
  deleteMany(query: QueryInput<T>, options: StrictOption & { orderBy?: OrderBy<T> } = {}): T[] {
    return this.findMany(query, options).map((record) => this.table.delete(record));
  }

  /** A record given as such, or the first match of a query. */
  #target(query: QueryInput<T> | T): T | undefined {
    if (isQuery(query)) return this.findFirst(query);
    return this.table.get(query.id);
  }

  #noMatch(method: string): MockApiError {
    return new MockApiError('no_match', `mock.db.${this.name}.${method}(…, { strict: true }): no record matches the query`);
  }
}

function isQuery<T extends { id: string }>(value: QueryInput<T> | T): value is QueryInput<T> {
  return typeof value === 'function' || (typeof (value as { test?: unknown }).test === 'function' && typeof (value as { id?: unknown }).id !== 'string');
}

/** A query function as is (@msw/data hands it its `Query`); a query object through its `test`. */
function toPredicate<T>(query: QueryInput<T> | undefined): unknown {
  if (query === undefined || typeof query === 'function') return query;
  return (q: { where(test: (record: T) => boolean): unknown }) => q.where((record) => query.test(record));
}
