import { durableAnswerProblem, type DurableAnswer } from '../../pipeline/durable-answer.js';

/**
 * The data file, line by line (each line checksummed, see `lines.ts`):
 *
 *   1       header  {"format":"medsched-reference-server-data","version":1,"writtenAt":…,"records":N}
 *   2…N+1   snapshot: one {"table","op":"create","record"} per record, written at start
 *   N+2…    journal: one line per acknowledged write since, appended and fsynced before the answer
 *           {"table","op":"create"|"update","record"} (the whole record as stored) or
 *           {"table","op":"delete","id"}, or (version 2) one line for all the writes of a
 *           request that must stay together (a bake, an unbake):
 *           {"op":"batch","changes":[<change>, …]}, applied whole; a line cut short by a crash
 *           is dropped whole; or (version 3) an answer kept for an Idempotency-Key, written
 *           before the answer is sent and again after every snapshot while it lives:
 *           {"op":"answer","answer":{scope,key,fingerprint,expiresAt,status,headers,body}}.
 */
export const dataFileFormat = 'medsched-reference-server-data';
/** The version this server writes. */
export const dataFileVersion = 3;
/** Versions this server reads: version 1 is version 2 without batch lines, version 2 is version 3 without answer lines. */
const readableVersions: readonly unknown[] = [1, 2, 3];

export interface Header {
  format: typeof dataFileFormat;
  version: 1 | 2 | 3;
  writtenAt: string;
  /** How many snapshot lines follow the header. */
  records: number;
}

export type RecordChange =
  | { table: string; op: 'create' | 'update'; record: { id: string } & Record<string, unknown> }
  | { table: string; op: 'delete'; id: string };

/** The writes of one request kept together: replayed whole, in order. */
export interface BatchChange {
  op: 'batch';
  changes: RecordChange[];
}

/** An answer kept for an Idempotency-Key (pipeline/durable-answer.ts). */
export interface AnswerChange {
  op: 'answer';
  answer: DurableAnswer;
}

export type Change = RecordChange | BatchChange | AnswerChange;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reason a decoded header is not one this version reads, or undefined. */
export function headerProblem(value: unknown): string | undefined {
  if (!isObject(value) || value.format !== dataFileFormat) return `not a medsched data file (the first line should be a "${dataFileFormat}" header)`;
  if (!readableVersions.includes(value.version)) return `format version ${JSON.stringify(value.version)}, but this server reads versions ${readableVersions.slice(0, -1).join(', ')} and ${String(readableVersions.at(-1))} only`;
  if (!Number.isInteger(value.records) || (value.records as number) < 0) return 'the header has no valid record count';
  return undefined;
}

/** The reason a decoded line is not a change (a record change or a batch of them), or undefined. */
export function changeProblem(value: unknown, tables: ReadonlySet<string>): string | undefined {
  if (isObject(value) && value.op === 'answer') {
    const problem = durableAnswerProblem(value.answer);
    return problem === undefined ? undefined : `a kept answer: ${problem}`;
  }
  if (isObject(value) && value.op === 'batch') {
    if (!Array.isArray(value.changes) || value.changes.length === 0) return 'a batch without changes';
    for (const [index, change] of value.changes.entries()) {
      const problem = recordChangeProblem(change, tables);
      if (problem) return `change ${index + 1} of the batch: ${problem}`;
    }
    return undefined;
  }
  return recordChangeProblem(value, tables);
}

function recordChangeProblem(value: unknown, tables: ReadonlySet<string>): string | undefined {
  if (!isObject(value)) return 'not a change object';
  if (typeof value.table !== 'string' || !tables.has(value.table)) return `unknown table ${JSON.stringify(value.table)}`;
  if (value.op === 'delete') return typeof value.id === 'string' ? undefined : 'a delete without an id';
  if (value.op !== 'create' && value.op !== 'update') return `unknown operation ${JSON.stringify(value.op)}`;
  if (!isObject(value.record) || typeof value.record.id !== 'string') return 'a record without an id';
  return undefined;
}
