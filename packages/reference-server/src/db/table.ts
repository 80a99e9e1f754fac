import { Collection } from '@msw/data';
import type { z } from 'zod';
import { CollectionIndex, type IndexDefinition } from './indexes.js';

/**
 * One @msw/data collection with its Map indexes. Writes go through here so that the index
 * always points at the record object the collection holds (an update stores a new object).
 * Reads by key or group never scan.
 */
export class Table<S extends z.ZodType<{ id: string }>> {
  readonly collection: Collection<S>;
  readonly #index: CollectionIndex<z.infer<S>>;

  constructor(schema: S, groups: IndexDefinition<z.infer<S>>['groups'] = {}) {
    this.#index = new CollectionIndex<z.infer<S>>({ key: (record) => record.id, groups });
    this.collection = new Collection({ schema, extensions: [this.#index.extension()] });
  }

  get(id: string): z.infer<S> | undefined {
    return this.#index.get(id);
  }

  group(name: string, key: string): z.infer<S>[] {
    return this.#index.group(name, key);
  }

  all(): z.infer<S>[] {
    return this.collection.all() as z.infer<S>[];
  }

  get size(): number {
    return this.#index.size;
  }

  async create(values: z.input<S>): Promise<z.infer<S>> {
    return (await this.collection.create(values as never)) as z.infer<S>;
  }

  /** Applies `change` to a draft of the record and stores the result; returns the stored record. */
  async update(record: z.infer<S>, change: (draft: z.infer<S>) => void): Promise<z.infer<S>> {
    const stored = this.#index.get(record.id);
    if (!stored) throw new Error(`update of a record that is not stored: ${record.id}`);
    const next = (await this.collection.update(stored as never, { data: change as never, strict: true })) as z.infer<S>;
    this.#index.refresh(next);
    return next;
  }

  delete(record: z.infer<S>): z.infer<S> {
    const stored = this.#index.get(record.id);
    if (stored) this.collection.delete(stored as never);
    return record;
  }
}
