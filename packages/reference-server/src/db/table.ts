import type { Collection } from '@msw/data';
import type { z } from 'zod';
import { CollectionIndex, type IndexDefinition } from './indexes.js';
import { OrderedGroups } from './ordered-groups.js';
import { ShardedCollection } from './sharded-collection.js';
import type { RecordOrder, SortedList } from './sorted-list.js';
import type { WriteBatch } from './write-batch.js';

export type WriteOperation = 'create' | 'update' | 'delete';

/**
 * Sees every successful write of a table, synchronously, before the write's promise resolves
 * (so before any answer that depends on it). `record` is the record as stored now; for
 * `delete`, the record that was removed; `batch`, the batch the write belongs to, if any. A
 * listener that throws fails the write's caller.
 */
export type TableWriteListener<T> = (operation: WriteOperation, record: T, batch: WriteBatch | undefined) => void;

/**
 * One table: @msw/data collections (sharded, see sharded-collection.ts) with their Map indexes. Writes go through here so that the index
 * always points at the record object the collection holds (an update stores a new object),
 * and so that write listeners (persistence) see every change. Reads by key or group never scan.
 */
export class Table<S extends z.ZodType<{ id: string }>> {
  readonly #records: ShardedCollection<S>;
  readonly #index: CollectionIndex<z.infer<S>>;
  readonly #schema: S;
  readonly #orders: OrderedGroups<z.infer<S>>;
  #listeners: TableWriteListener<z.infer<S>>[] = [];

  constructor(schema: S, groups: IndexDefinition<z.infer<S>>['groups'] = {}) {
    this.#schema = schema;
    this.#index = new CollectionIndex<z.infer<S>>({ key: (record) => record.id, groups });
    this.#orders = new OrderedGroups<z.infer<S>>(groups);
    this.#records = new ShardedCollection(schema, () => [this.#index.extension()]);
  }

  get(id: string): z.infer<S> | undefined {
    return this.#index.get(id);
  }

  group(name: string, key: string): z.infer<S>[] {
    return this.#index.group(name, key);
  }

  /**
   * The records of one group in `order`, from a sorted list kept in step with every write
   * (built on first use): what list operations page through instead of sorting the group.
   */
  sorted(name: string, key: string, order: RecordOrder<z.infer<S>>): SortedList<z.infer<S>> {
    return this.#orders.sorted(name, key, order, () => this.#index.group(name, key));
  }

  all(): z.infer<S>[] {
    return this.#records.all();
  }

  /** The @msw/data collections holding the records (each at most `shardSize`), for @msw/data queries. */
  get collections(): readonly Collection<S>[] {
    return this.#records.shards;
  }

  get size(): number {
    return this.#index.size;
  }

  /** Stores a new record; `batch` keeps the write together with the others of its request. */
  async create(values: z.input<S>, batch?: WriteBatch): Promise<z.infer<S>> {
    const record = await this.#records.create(values);
    // Deleted again before this write resolved: nothing to list.
    const current = this.#index.get(record.id);
    if (current) this.#orders.write('create', current);
    if (this.#listeners.length !== 0) this.#notify('create', record, batch);
    return record;
  }

  /** Applies `change` to a draft of the record and stores the result; returns the stored record. */
  async update(record: z.infer<S>, change: (draft: z.infer<S>) => void, batch?: WriteBatch): Promise<z.infer<S>> {
    const stored = this.#index.get(record.id);
    if (!stored) throw new Error(`update of a record that is not stored: ${record.id}`);
    const next = await this.#records.update(stored, change);
    this.#index.refresh(next);
    this.#orders.write('update', next);
    if (this.#listeners.length !== 0) this.#notify('update', next, batch);
    return next;
  }

  delete(record: z.infer<S>, batch?: WriteBatch): z.infer<S> {
    const stored = this.#index.get(record.id);
    if (stored) {
      this.#records.delete(stored);
      this.#orders.write('delete', stored);
      if (this.#listeners.length !== 0) this.#notify('delete', stored, batch);
    }
    return record;
  }

  /** Registers a write listener; returns the function that removes it. */
  onWrite(listener: TableWriteListener<z.infer<S>>): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((registered) => registered !== listener);
    };
  }

  /**
   * Stores records as they are (ids included), keeping the indexes in step, without telling
   * the write listeners: for restoring saved state. Each record is checked against the model
   * first; a record that does not match throws a `RecordLoadError` naming its position.
   */
  async load(records: readonly unknown[]): Promise<void> {
    for (const [position, record] of records.entries()) {
      const checked = this.#schema.safeParse(record);
      if (!checked.success) throw new RecordLoadError(position, checked.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`).join('; '));
      if (this.#index.get(checked.data.id)) throw new RecordLoadError(position, `duplicate id ${checked.data.id}`);
      await this.#records.create(record as never);
    }
  }

  /**
   * Tells the listeners about a write. Writes resolve a microtask or more after they are
   * applied, so the record is re-read: the latest state is reported, and a record deleted in
   * between is reported deleted. Replaying the reports in order gives the stored state.
   */
  #notify(operation: WriteOperation, record: z.infer<S>, batch: WriteBatch | undefined): void {
    let current: z.infer<S> | undefined = record;
    if (operation !== 'delete') {
      current = this.#index.get(record.id);
      if (!current) [operation, current] = ['delete', record];
    }
    for (const listener of this.#listeners) listener(operation, current, batch);
  }
}

/** A record given to `Table.load` that the model rejects; `position` is its index in the list. */
export class RecordLoadError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`record ${position}: ${reason}`);
  }
}
