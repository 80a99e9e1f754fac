/**
 * The query types of @msw/data 1.x (`Query`, `Condition`, sort and pagination options), written
 * out here: @msw/data is bundled into this package, so its declarations cannot be named by ours.
 * A query function gets @msw/data's own `Query` at run time.
 */

/** A test on one value, as @msw/data's `where({ field: (value) => … })`. */
export type PredicateFunction<T> = (value: T) => unknown;

/**
 * The declared fields of a record: the models are loose objects (`[x: string]: unknown`), which
 * would let any field name through, so a typo in a query would silently match nothing.
 */
export type DeclaredFields<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** `where()`'s condition: a value or a predicate per declared field, nested for object fields. */
export type Condition<T> = ConditionOn<DeclaredFields<T>>;
type ConditionOn<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends ReadonlyArray<infer V>
    ? PredicateFunction<T[K]> | (V extends Record<string, unknown> ? Condition<V> : V) | Extract<T[K], null | undefined>
    : NonNullable<T[K]> extends Record<string, unknown>
      ? Condition<NonNullable<T[K]>> | PredicateFunction<T[K]> | Extract<T[K], null | undefined>
      : T[K] | PredicateFunction<T[K]>;
};

/** @msw/data's `Query`: `where`, `and`, `or`. */
export interface RecordQuery<T> {
  test(value: T): boolean;
  where(condition: Condition<T> | PredicateFunction<T>): RecordQuery<T>;
  and(...conditions: Array<RecordQuery<T> | Condition<T> | PredicateFunction<T>>): RecordQuery<T>;
  or(...conditions: Array<RecordQuery<T> | Condition<T> | PredicateFunction<T>>): RecordQuery<T>;
}

/** What the query methods take: `(q) => q.where({ … })`, as with @msw/data (or a query object with `test`). */
export type QueryInput<T> = ((query: RecordQuery<T>) => RecordQuery<T>) | { test(value: T): boolean };

export type SortDirection = 'asc' | 'desc';

/** `{ createdAt: 'desc' }`, nested for object fields; a list for ties. */
export type OrderByCriteria<T> = OrderByOn<DeclaredFields<T>>;
type OrderByOn<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends Record<string, unknown> ? OrderByCriteria<NonNullable<T[K]>> : SortDirection;
};
export type OrderBy<T> = OrderByCriteria<T> | Array<OrderByCriteria<T>>;

export interface StrictOption {
  /** Throw when no record matches (as @msw/data's `strict`). */
  strict?: boolean;
}

export interface FindManyOptions<T> extends StrictOption {
  orderBy?: OrderBy<T>;
  /** Start after this record (in the order asked for). */
  cursor?: T;
  skip?: number;
  take?: number;
}

export interface UpdateOptions<T> extends StrictOption {
  /** Changes the record in place, as @msw/data's `data(draft)`. */
  data: (draft: T) => void | Promise<void>;
}

/** The comparison `orderBy` asks for: field by field, `null`/missing values last. */
export function comparatorOf<T>(orderBy: OrderBy<T>): (a: T, b: T) => number {
  const leaves: Array<{ path: string[]; direction: SortDirection }> = [];
  const collect = (criteria: Record<string, unknown>, path: string[]) => {
    for (const [key, value] of Object.entries(criteria)) {
      if (value === 'asc' || value === 'desc') leaves.push({ path: [...path, key], direction: value });
      else if (value && typeof value === 'object') collect(value as Record<string, unknown>, [...path, key]);
    }
  };
  for (const criteria of Array.isArray(orderBy) ? orderBy : [orderBy]) collect(criteria, []);
  const read = (record: unknown, path: string[]) => path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);
  return (a, b) => {
    for (const { path, direction } of leaves) {
      const [left, right] = [read(a, path), read(b, path)];
      if (left === right) continue;
      if (left === undefined || left === null) return 1;
      if (right === undefined || right === null) return -1;
      const order = (left as never) < (right as never) ? -1 : (left as never) > (right as never) ? 1 : 0;
      if (order !== 0) return direction === 'asc' ? order : -order;
    }
    return 0;
  };
}
