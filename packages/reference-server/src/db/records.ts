/**
 * The whole database as plain records, and a single place to watch its writes: what
 * persistence (in `node/`) needs, with Web APIs only. Every write goes through `Table`, so a
 * write observer sees every change of every table.
 */
import type { Database } from './database.js';
import { RecordLoadError, Table, type WriteOperation } from './table.js';
import type { WriteBatch } from './write-batch.js';

export type TableName = keyof Database;

/** A stored record; every table's records have a string `id`. */
export type StoredRecord = { id: string } & Record<string, unknown>;

export interface WriteEvent {
  table: TableName;
  operation: WriteOperation;
  /** The record as stored after the write; for `delete`, the removed record. */
  record: StoredRecord;
  /** The batch the write belongs to (one request's writes kept together), if any. */
  batch?: WriteBatch | undefined;
}

/** Every table of the database with its name, in declaration order. */
// oxlint-disable typescript/no-explicit-any -- tables of every model side by side: no one record type fits them all
export function tablesOf(db: Database): Array<[TableName, Table<any>]> {
  return (Object.entries(db) as Array<[TableName, unknown]>).filter((entry): entry is [TableName, Table<any>] => entry[1] instanceof Table);
}
// oxlint-enable typescript/no-explicit-any

/**
 * Calls `listener` synchronously after each successful create, update and delete in any table,
 * before the write's promise resolves. Returns the function that stops observing.
 */
export function observeWrites(db: Database, listener: (event: WriteEvent) => void): () => void {
  const stops = tablesOf(db).map(([table, store]) => store.onWrite((operation, record, batch) => listener({ table, operation, record: record as StoredRecord, batch })));
  return () => stops.forEach((stop) => stop());
}

/** A copy-free view of every record, table by table, in storage order. */
export function exportRecords(db: Database): Record<TableName, StoredRecord[]> {
  return Object.fromEntries(tablesOf(db).map(([name, table]) => [name, table.all() as StoredRecord[]])) as Record<TableName, StoredRecord[]>;
}

/** A table's records that `loadRecords` could not take. */
export class LoadRecordsError extends Error {
  constructor(
    readonly table: string,
    readonly position: number | undefined,
    readonly reason: string,
  ) {
    super(position === undefined ? `${table}: ${reason}` : `${table}, record ${position}: ${reason}`);
  }
}

/**
 * Fills an empty database with saved records (ids and timestamps as saved), indexes included.
 * Write observers are not called. Unknown table names, a non-empty table, records that do not
 * match their model and duplicate ids throw a `LoadRecordsError`.
 */
export async function loadRecords(db: Database, records: Partial<Record<string, readonly unknown[]>>): Promise<void> {
  const tables = new Map(tablesOf(db));
  for (const name of Object.keys(records)) {
    if (!tables.has(name as TableName)) throw new LoadRecordsError(name, undefined, `no such table (tables: ${[...tables.keys()].join(', ')})`);
  }
  for (const [name, table] of tables) {
    if (table.size !== 0) throw new LoadRecordsError(name, undefined, 'the table is not empty');
  }
  for (const [name, table] of tables) {
    try {
      await table.load(records[name] ?? []);
    } catch (error) {
      if (error instanceof RecordLoadError) throw new LoadRecordsError(name, error.position, error.reason);
      throw error;
    }
  }
}
