import { Collection } from '@msw/data';
import type { Extension } from '@msw/data/extensions';
import type { z } from 'zod';

/** Records per @msw/data collection: an update or delete scans one shard, not the table. */
export const shardSize = 128;

/**
 * One table's records in @msw/data collections of at most {@link shardSize} records each.
 * @msw/data finds the record of every update and delete by a linear scan of its collection
 * (two, for an update): 200 ms an update at 100,000 calendar entries, measured here, so one
 * bake finalizing a thousand drafts took minutes. Sharded, that scan is bounded by the shard
 * size whatever the table holds; @msw/data still defines, validates and stores every record.
 */
export class ShardedCollection<S extends z.ZodType<{ id: string }>> {
  readonly #shards: Collection<S>[] = [];
  /** Records (and creates under way) per shard. */
  readonly #counts = new Map<Collection<S>, number>();
  readonly #withRoom = new Set<Collection<S>>();
  readonly #shardOf = new Map<string, Collection<S>>();

  constructor(
    private readonly schema: S,
    private readonly extensions: () => Extension[],
  ) {}

  /** The collections, for reading through @msw/data's own queries. */
  get shards(): readonly Collection<S>[] {
    return this.#shards;
  }

  async create(values: z.input<S>): Promise<z.infer<S>> {
    const shard = this.#shardWithRoom();
    const id = (values as { id?: unknown }).id;
    // Noted before the create runs, so that a write of the same id in the meantime finds it.
    if (typeof id === 'string') this.#shardOf.set(id, shard);
    this.#grow(shard, 1);
    try {
      const record = (await shard.create(values)) as z.infer<S>;
      this.#shardOf.set(record.id, shard);
      return record;
    } catch (error) {
      if (typeof id === 'string' && this.#shardOf.get(id) === shard) this.#shardOf.delete(id);
      this.#grow(shard, -1);
      throw error;
    }
  }

  async update(stored: z.infer<S>, change: (draft: z.infer<S>) => void): Promise<z.infer<S>> {
    const shard = this.#shardOf.get(stored.id);
    if (!shard) throw new Error(`update of a record that is in no shard: ${stored.id}`);
    return (await shard.update(stored as never, { data: change as never, strict: true })) as z.infer<S>;
  }

  delete(stored: z.infer<S>): void {
    const shard = this.#shardOf.get(stored.id);
    if (!shard) return;
    shard.delete(stored as never);
    this.#shardOf.delete(stored.id);
    this.#grow(shard, -1);
  }

  /** Every record, shard by shard. */
  all(): z.infer<S>[] {
    return this.#shards.flatMap((shard) => shard.all() as z.infer<S>[]);
  }

  #shardWithRoom(): Collection<S> {
    for (const shard of this.#withRoom) return shard;
    const shard = new Collection({ schema: this.schema, extensions: this.extensions() });
    this.#shards.push(shard);
    this.#counts.set(shard, 0);
    this.#withRoom.add(shard);
    return shard;
  }

  #grow(shard: Collection<S>, by: number): void {
    const count = this.#counts.get(shard)! + by;
    this.#counts.set(shard, count);
    if (count >= shardSize) this.#withRoom.delete(shard);
    else this.#withRoom.add(shard);
  }
}
