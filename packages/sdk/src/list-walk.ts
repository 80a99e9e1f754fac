/**
 * A walk over a whole list that stays complete while others write, using only what the interface
 * has (offset, limit, sortBy): a total order (the sort keys, then `id`), pages that overlap the
 * previous one, and re-anchoring on the last record yielded. Offsets alone skip records: each
 * record removed before the cursor (an unbake removes the occurrences it materialized) shifts the
 * rest left by one, and the next page starts one record too far.
 */
import { MedschedError } from './errors.js';

/** The interface's bound on `offset` and `limit`. */
const listBound = 100_000;

/**
 * The page size of a walk when the caller gives no `limit`. A page costs a request, its headers and
 * its checks on both sides whatever it holds: pages of 1,000 walk 48,000 entries for about half the
 * client CPU of pages of 100 (bench/paging.mjs), and a page of 1,000 entries (about 400 KB) is far
 * below `maxResponseBytes`.
 */
export const defaultWalkPageSize = 1000;

/** Reads the records from `offset` to `offset + limit` of the list, in the walk's order. */
export type ReadSlice<T> = (offset: number, limit: number, sortBy: string) => Promise<T[]>;

/** One key of a list's order, as `sortBy` names it. */
interface OrderKey {
  field: string;
  descending: boolean;
}

/** The order of a walk: the `sortBy` sent (ending in `id`) and the same comparison on answered records. */
export interface WalkOrder<T> {
  readonly sortBy: string;
  compare(a: T, b: T): number;
  /** The first sort field a record does not carry (a walk cannot place it), or undefined. */
  missingField(record: T): string | undefined;
}

/**
 * Compares two field values as the service orders them (api-decisions.md): numbers and booleans
 * by value, other values as strings, absent values (null, undefined) after every present one.
 */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  // Strings first and without String(): most sort keys are (ids, timestamps), and a walk compares every record.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  // oxlint-disable-next-line typescript/no-base-to-string -- last resort for values of mixed kinds: a stable order, not a readable one
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/**
 * The walk's order for a `sortBy` (default `createdAt`): its keys, then `id` as the tie-break,
 * so that no two records compare equal and a record's place can be found again.
 */
export function walkOrder<T extends object>(sortBy: string | undefined): WalkOrder<T> {
  const keys: OrderKey[] = [];
  for (const part of (sortBy ?? 'createdAt').split(',')) {
    const [field = '', direction] = part.split(':');
    if (keys.some((key) => key.field === field)) continue;
    keys.push({ field, descending: direction === 'desc' });
    if (field === 'id') break;
  }
  if (!keys.some((key) => key.field === 'id')) keys.push({ field: 'id', descending: false });
  return {
    sortBy: keys.map((key) => (key.descending ? `${key.field}:desc` : key.field)).join(','),
    missingField(record) {
      for (const key of keys) if ((record as Record<string, unknown>)[key.field] === undefined) return key.field;
      return undefined;
    },
    compare(a, b) {
      for (const key of keys) {
        const order = compareValues((a as Record<string, unknown>)[key.field], (b as Record<string, unknown>)[key.field]);
        if (order !== 0) return key.descending ? -order : order;
      }
      return 0;
    },
  };
}

/** A query given to `iterate()`: the walk decides where pages start, so `offset` and `page` are refused. */
export function checkWalkQuery(query: { offset?: unknown; page?: unknown }, operation: string): void {
  if ((query.offset !== undefined && query.offset !== null) || query.page !== undefined) {
    throw new MedschedError(`${operation} walks the whole list from its start and chooses its own offsets; to read from a given offset or page, use list() with it`, 'invalid_options');
  }
}

/**
 * Yields every record of the list, each once, in `order`, a page at a time (the records of each
 * read that were not yielded before, possibly none). Every record that exists from the walk's start
 * to its end, and keeps its sort keys meanwhile, is yielded exactly once, whatever else is created,
 * changed or removed; a record created, removed or re-sorted during the walk may or may not be.
 * Each page re-reads the last record yielded (one record is enough to find the place again) and
 * keeps only what sorts after it; when even its first record sorts after that one (records before
 * it were removed), the page is read again from further back, doubling the distance, down to
 * offset 0. A record without a sort field cannot be placed: the walk starts again in `fallback`
 * when it is given and nothing was yielded yet, else it throws `walk_order_unknown` rather than skip.
 * Pages rather than records, so that the caller's loop is the only async step per record: each
 * further async generator a record passes through costs a few promise jobs (bench/paging.mjs).
 */
export async function* walkPages<T extends object>(read: ReadSlice<T>, order: WalkOrder<T>, pageSize: number, fallback?: WalkOrder<T>): AsyncGenerator<T[]> {
  const size = Math.max(1, Math.min(listBound, Math.floor(pageSize)));
  // The anchor alone: a page starting at it finds it first, and one starting past it shows that
  // records before it were removed. A wider overlap only re-reads records (10% of a walk at 1/10).
  const overlap = 1;
  let end = 0; // where the last page read ended
  let back = overlap;
  let last: T | undefined;
  for (;;) {
    const start = last === undefined ? end : Math.max(0, end - back);
    const limit = Math.min(listBound, size + (end - start));
    const items = await read(start, limit, order.sortBy);
    const first = items[0];
    if (last !== undefined && start > 0 && (first === undefined || order.compare(first, last) > 0)) {
      // Records before the anchor were removed: this page may have started past records not yet yielded.
      back = Math.min(end, back * 2);
      continue;
    }
    const fresh: T[] = [];
    for (const item of items) {
      const missing = order.missingField(item);
      if (missing !== undefined && fallback !== undefined && last === undefined && end === 0) {
        // The default order's field is not in the answers (the interface lists users as id, name
        // and email): nothing was yielded yet, so the walk starts again in the fallback order.
        yield* walkPages(read, fallback, pageSize);
        return;
      }
      if (missing !== undefined) {
        // Compared without the field, the walk would take the server's order for another and skip records.
        throw new MedschedError(
          `a listed record carries no ${missing}, which the walk sorts by (sortBy ${order.sortBy}), so it cannot find its place again; pass a sortBy of fields the answers carry, e.g. sortBy: 'id'`,
          'walk_order_unknown',
        );
      }
      if (last !== undefined && order.compare(item, last) <= 0) continue;
      last = item;
      fresh.push(item);
    }
    if (fresh.length > 0) yield fresh;
    if (items.length < limit) return;
    end = start + items.length;
    back = overlap;
  }
}
