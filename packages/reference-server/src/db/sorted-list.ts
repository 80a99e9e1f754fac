/** How a list orders its records: each record's sort keys, and how two key tuples compare. */
export interface RecordOrder<T> {
  /** Names the order, e.g. `createdAt:asc,id:asc`; equal ids mean equal orders. */
  id: string;
  /** The record's sort keys, computed once per record and write (they may be derived, e.g. startTime). */
  keysOf(record: T): unknown[];
  /** Compares two key tuples; ties must be impossible (the last key is the unique id). */
  compare(a: unknown[], b: unknown[]): number;
}

interface Item<T> {
  record: T;
  keys: unknown[];
}

/**
 * Records kept sorted by a {@link RecordOrder}: a page is a slice (O(page)), an insert or
 * removal a binary search plus one array move (a memmove, microseconds at 100k records),
 * instead of converting and sorting the whole group on every list.
 */
export class SortedList<T extends { id: string }> {
  #items: Item<T>[];

  constructor(
    private readonly order: RecordOrder<T>,
    records: Iterable<T>,
  ) {
    this.#items = [...records].map((record) => ({ record, keys: order.keysOf(record) }));
    this.#items.sort((a, b) => order.compare(a.keys, b.keys));
  }

  get length(): number {
    return this.#items.length;
  }

  /** The records from `start` (inclusive) to `end` (exclusive), in order. */
  slice(start: number, end: number): T[] {
    const page: T[] = [];
    for (let index = Math.max(0, start); index < Math.min(end, this.#items.length); index++) page.push(this.#items[index]!.record);
    return page;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const item of this.#items) yield item.record;
  }

  insert(record: T): void {
    const keys = this.order.keysOf(record);
    this.#items.splice(this.#lowerBound(keys), 0, { record, keys });
  }

  /** Removes the record as it was inserted (the same object, or one with the same sort keys). */
  remove(record: T): void {
    const at = this.#lowerBound(this.order.keysOf(record));
    if (this.#items[at]?.record.id === record.id) {
      this.#items.splice(at, 1);
      return;
    }
    // Not where its keys say (its fields changed in place): found by id, so the list stays right.
    const found = this.#items.findIndex((item) => item.record.id === record.id);
    if (found !== -1) this.#items.splice(found, 1);
  }

  #lowerBound(keys: unknown[]): number {
    let [low, high] = [0, this.#items.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.order.compare(this.#items[middle]!.keys, keys) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
