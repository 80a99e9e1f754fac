import type { Collection } from '@msw/data';
import { defineExtension, type Extension } from '@msw/data/extensions';

/** A key of a group index; `undefined` or `null` leaves the record out of that group. */
type GroupKey = string | null | undefined;

export interface IndexDefinition<T> {
  /** The unique key of a record (its `id`). */
  key: (record: T) => string;
  /** Secondary indexes: name → the group a record belongs to (e.g. entries by patient). */
  groups?: Record<string, (record: T) => GroupKey>;
}

/**
 * Map indexes over one @msw/data collection, kept in step with every create, update and
 * delete through the collection's hooks. @msw/data answers every query with a linear scan,
 * even by id; hot paths (by id, entries by patient and date, keys by hash) read these
 * indexes instead, so their cost does not grow with the size of the data.
 */
export class CollectionIndex<T> {
  readonly #byKey = new Map<string, T>();
  /** group name → group key → record keys; keys (not records) because updates replace records. */
  readonly #groups = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly definition: IndexDefinition<T>) {
    for (const name of Object.keys(definition.groups ?? {})) this.#groups.set(name, new Map());
  }

  /** The @msw/data extension that feeds this index; pass it in the collection's `extensions`. */
  extension(): Extension {
    return defineExtension({
      name: 'medsched-index',
      // oxlint-disable-next-line typescript/no-explicit-any -- the extension serves collections of every model; @msw/data types the hook's record per model
      extend: (collection: Collection<any>) => {
        collection.hooks.on('create', (event) => this.#add(event.data.record as T));
        // An update may be reported once per changed path; removing the previous keys and
        // adding the next ones is idempotent, so repeated events do no harm.
        collection.hooks.on('update', (event) => {
          this.#remove(event.data.prevRecord as T);
          this.#add(event.data.nextRecord as T);
        });
        collection.hooks.on('delete', (event) => this.#remove(event.data.deletedRecord as T));
      },
    });
  }

  get(key: string): T | undefined {
    return this.#byKey.get(key);
  }

  /** The records of one group, in insertion order. */
  group(name: string, key: string): T[] {
    const keys = this.#groups.get(name)?.get(key);
    if (!keys) return [];
    const records: T[] = [];
    for (const recordKey of keys) {
      const record = this.#byKey.get(recordKey);
      if (record) records.push(record);
    }
    return records;
  }

  get size(): number {
    return this.#byKey.size;
  }

  /**
   * Points the index at the record object a write returned. @msw/data may hand back a new
   * object without reporting an update (when nothing changed); this keeps reads current.
   */
  refresh(record: T): void {
    this.#byKey.set(this.definition.key(record), record);
  }

  #add(record: T): void {
    const key = this.definition.key(record);
    this.#byKey.set(key, record);
    for (const [name, groupKeyOf] of Object.entries(this.definition.groups ?? {})) {
      const groupKey = groupKeyOf(record);
      if (groupKey == null) continue;
      const groups = this.#groups.get(name)!;
      let members = groups.get(groupKey);
      if (!members) groups.set(groupKey, (members = new Set()));
      members.add(key);
    }
  }

  #remove(record: T): void {
    const key = this.definition.key(record);
    this.#byKey.delete(key);
    for (const [name, groupKeyOf] of Object.entries(this.definition.groups ?? {})) {
      const groupKey = groupKeyOf(record);
      if (groupKey == null) continue;
      const groups = this.#groups.get(name)!;
      const members = groups.get(groupKey);
      members?.delete(key);
      if (members?.size === 0) groups.delete(groupKey);
    }
  }
}
