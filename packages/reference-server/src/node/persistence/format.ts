/**
 * The data file, line by line (each line checksummed, see `lines.ts`):
 *
 *   1       header  {"format":"medsched-reference-server-data","version":1,"writtenAt":…,"records":N}
 *   2…N+1   snapshot: one {"table","op":"create","record"} per record, written at start
 *   N+2…    journal: one line per acknowledged write since, appended and fsynced before the answer
 *           {"table","op":"create"|"update","record"} (the whole record as stored) or
 *           {"table","op":"delete","id"}
 */
export const dataFileFormat = 'medsched-reference-server-data';
export const dataFileVersion = 1;

export interface Header {
  format: typeof dataFileFormat;
  version: typeof dataFileVersion;
  writtenAt: string;
  /** How many snapshot lines follow the header. */
  records: number;
}

export type Change =
  | { table: string; op: 'create' | 'update'; record: { id: string } & Record<string, unknown> }
  | { table: string; op: 'delete'; id: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reason a decoded header is not one this version reads, or undefined. */
export function headerProblem(value: unknown): string | undefined {
  if (!isObject(value) || value.format !== dataFileFormat) return `not a medsched data file (the first line should be a "${dataFileFormat}" header)`;
  if (value.version !== dataFileVersion) return `format version ${JSON.stringify(value.version)}, but this server reads version ${dataFileVersion} only`;
  if (!Number.isInteger(value.records) || (value.records as number) < 0) return 'the header has no valid record count';
  return undefined;
}

/** The reason a decoded line is not a change, or undefined. */
export function changeProblem(value: unknown, tables: ReadonlySet<string>): string | undefined {
  if (!isObject(value)) return 'not a change object';
  if (typeof value.table !== 'string' || !tables.has(value.table)) return `unknown table ${JSON.stringify(value.table)}`;
  if (value.op === 'delete') return typeof value.id === 'string' ? undefined : 'a delete without an id';
  if (value.op !== 'create' && value.op !== 'update') return `unknown operation ${JSON.stringify(value.op)}`;
  if (!isObject(value.record) || typeof value.record.id !== 'string') return 'a record without an id';
  return undefined;
}
