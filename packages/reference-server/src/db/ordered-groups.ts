import { SortedList, type RecordOrder } from './sorted-list.js';

/** A key of a group index; `undefined` or `null` leaves the record out of that group. */
type GroupKey = string | null | undefined;

/** Orders kept per group at most; the least recently read goes first (it is rebuilt when asked again). */
const maxOrdersPerGroup = 4;

/**
 * Sorted lists per group (e.g. calendar entries per organization and per patient) and order,
 * beside the table's Map indexes. A list is built the first time a group is read in an order
 * (one sort), then kept in step with every write of the table, so later pages of any size cost
 * O(page + log n). Records of groups never listed are not tracked.
 */
export class OrderedGroups<T extends { id: string }> {
  /** group name → group key → order id → list (Map order = least recently read first). */
  readonly #lists = new Map<string, Map<string, Map<string, SortedList<T>>>>();
  /** The version of each tracked record that the lists hold, by id. */
  readonly #tracked = new Map<string, T>();

  constructor(private readonly groups: Record<string, (record: T) => GroupKey>) {}

  /**
   * The group's records in `order`; `members` gives the group's records when the list must be
   * built (the first read in this order, or after the order was dropped).
   */
  sorted(groupName: string, groupKey: string, order: RecordOrder<T>, members: () => Iterable<T>): SortedList<T> {
    let byKey = this.#lists.get(groupName);
    if (!byKey) this.#lists.set(groupName, (byKey = new Map<string, Map<string, SortedList<T>>>()));
    let orders = byKey.get(groupKey);
    if (!orders) byKey.set(groupKey, (orders = new Map<string, SortedList<T>>()));
    let list = orders.get(order.id);
    if (list) {
      orders.delete(order.id); // most recently read last
      orders.set(order.id, list);
      return list;
    }
    const records = [...members()];
    for (const record of records) this.#tracked.set(record.id, record);
    list = new SortedList(order, records);
    orders.set(order.id, list);
    if (orders.size > maxOrdersPerGroup) orders.delete(orders.keys().next().value!);
    return list;
  }

  /** Follows a write of the table: `record` as stored now (for a delete, the removed record). */
  write(operation: 'create' | 'update' | 'delete', record: T): void {
    const previous = this.#tracked.get(record.id);
    if (previous) {
      for (const list of this.#listsOf(previous)) list.remove(previous);
      this.#tracked.delete(record.id);
    }
    if (operation === 'delete') return;
    let tracked = false;
    for (const list of this.#listsOf(record)) {
      list.insert(record);
      tracked = true;
    }
    if (tracked || this.#hasGroupOf(record)) this.#tracked.set(record.id, record);
  }

  *#listsOf(record: T): Iterable<SortedList<T>> {
    for (const [name, groupKeyOf] of Object.entries(this.groups)) {
      const key = groupKeyOf(record);
      if (key == null) continue;
      const orders = this.#lists.get(name)?.get(key);
      if (orders) yield* orders.values();
    }
  }

  #hasGroupOf(record: T): boolean {
    return Object.entries(this.groups).some(([name, groupKeyOf]) => {
      const key = groupKeyOf(record);
      return key != null && this.#lists.get(name)?.has(key) === true;
    });
  }
}
