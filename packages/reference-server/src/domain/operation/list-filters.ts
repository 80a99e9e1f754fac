/**
 * Filters and sort order of the list operations: `search` and `name` are case-insensitive
 * substrings, `sortBy` is `field[:asc|desc]`, comma-separated (the SDK schema has already
 * rejected unknown fields). Default order: createdAt ascending, then id.
 */

import type { RecordOrder } from '../../db/sorted-list.js';
import { UserRole } from '@medsched/sdk/schemas';
import { invalid } from './problems.js';

/** 400 unless the `role` filter is absent or a role: validated by its enum before it is compared with anything. */
export function checkRoleFilter(role: string | undefined): void {
  if (role !== undefined && !UserRole.safeParse(role).success) throw invalid('role', `must be one of ${UserRole.options.join(', ')}`);
}

export const containsIgnoringCase = (value: unknown, needle: string): boolean => typeof value === 'string' && value.toLowerCase().includes(needle.toLowerCase());

type SortKey = { field: string; descending: boolean };

function parseSortBy(sortBy: string | undefined): SortKey[] {
  const keys = (sortBy ?? 'createdAt').split(',').map((part) => {
    const [field = 'createdAt', direction] = part.split(':');
    return { field, descending: direction === 'desc' };
  });
  // A stable tie-break, so that pages never overlap.
  if (!keys.some((key) => key.field === 'id')) keys.push({ field: 'id', descending: false });
  return keys;
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  // oxlint-disable-next-line typescript/no-base-to-string -- last resort for values of mixed kinds: a stable order, not a readable one
  return String(a) < String(b) ? -1 : 1;
}

/**
 * The order `sortBy` asks for, for a sorted list (db/sorted-list.ts): the same comparison as
 * {@link sortRecords}, on keys computed once per record. A field named twice and keys after
 * `id` (which is unique) cannot change the order, so they are dropped from its id.
 */
export function recordOrder<T>(sortBy: string | undefined, fieldOf: (record: T, field: string) => unknown): RecordOrder<T> {
  const keys: SortKey[] = [];
  for (const key of parseSortBy(sortBy)) {
    if (keys.some((kept) => kept.field === key.field)) continue;
    keys.push(key);
    if (key.field === 'id') break;
  }
  return {
    id: keys.map((key) => `${key.field}:${key.descending ? 'desc' : 'asc'}`).join(','),
    keysOf: (record) => keys.map((key) => fieldOf(record, key.field)),
    compare(a, b) {
      for (let index = 0; index < keys.length; index++) {
        const order = compareValues(a[index], b[index]);
        if (order !== 0) return keys[index]!.descending ? -order : order;
      }
      return 0;
    },
  };
}

/** Sorts in place by `sortBy`; `fieldOf` reads a field of the answer shape (e.g. `title`). */
export function sortRecords<T>(records: T[], sortBy: string | undefined, fieldOf: (record: T, field: string) => unknown): T[] {
  const keys = parseSortBy(sortBy);
  return records.sort((a, b) => {
    for (const key of keys) {
      const order = compareValues(fieldOf(a, key.field), fieldOf(b, key.field));
      if (order !== 0) return key.descending ? -order : order;
    }
    return 0;
  });
}
