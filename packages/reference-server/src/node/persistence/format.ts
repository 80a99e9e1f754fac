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
 *
 * Version 4 numbers every line after the header: `"seq":1` for the first snapshot line, one
 * more for each line after it (snapshot, kept answers, journal), so that a duplicated, missing
 * or reordered line is found at start (`sequence.ts`). The header says `"sequence":S`, the
 * number of the last line the snapshot was written with (records and kept answers): a file
 * whose lines end before S was cut. A clean stop appends `{"seq":n,"op":"end"}` as the last line.
 */
export const dataFileFormat = 'medsched-reference-server-data';
/** The version this server writes. */
export const dataFileVersion = 4;
/**
 * Versions this server reads: version 1 is version 2 without batch lines, version 2 is version 3
 * without answer lines, version 3 is version 4 without sequence numbers and end line.
 */
const readableVersions: readonly unknown[] = [1, 2, 3, 4];

export interface Header {
  format: typeof dataFileFormat;
  version: 1 | 2 | 3 | 4;
  writtenAt: string;
  /** How many snapshot lines follow the header. */
  records: number;
  /** (Version 4) the sequence number of the last line the snapshot was written with (its records, then its kept answers). */
  sequence?: number;
}

/** (Version 4) every line after the header carries its sequence number: 1, 2, 3, … with no gap. */
export interface Sequenced {
  seq: number;
}

/** (Version 4) the last line a clean stop writes: nothing was lost after it. */
export interface EndChange {
  op: 'end';
}

export type RecordChange = { table: string; op: 'create' | 'update'; record: { id: string } & Record<string, unknown> } | { table: string; op: 'delete'; id: string };

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

/** What a line after the header holds. */
export type Line = Change | EndChange;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reason a decoded header is not one this version reads, or undefined. */
export function headerProblem(value: unknown): string | undefined {
  if (!isObject(value) || value.format !== dataFileFormat) return `not a medsched data file (the first line should be a "${dataFileFormat}" header)`;
  if (!readableVersions.includes(value.version))
    return `format version ${JSON.stringify(value.version)}, but this server reads versions ${readableVersions.slice(0, -1).join(', ')} and ${String(readableVersions.at(-1))} only`;
  if (!Number.isInteger(value.records) || (value.records as number) < 0) return 'the header has no valid record count';
  if (value.version === 4 && (!Number.isInteger(value.sequence) || (value.sequence as number) < (value.records as number))) {
    return "the header has no valid sequence number (a version 4 header says the sequence of its snapshot's last line)";
  }
  return undefined;
}

/** The reason a decoded line is not a change (a record change or a batch of them) of a file of `version`, or undefined. */
export function changeProblem(value: unknown, tables: ReadonlySet<string>, version: Header['version']): string | undefined {
  if (version >= 4) {
    if (!isObject(value) || !Number.isSafeInteger(value.seq) || (value.seq as number) < 1) return 'a line without a sequence number ("seq")';
    if (value.op === 'end') return undefined;
  } else if (isObject(value) && (value.op === 'end' || 'seq' in value)) {
    return `a version ${version} file cannot hold sequence numbers or an end line (version 4 does)`;
  }
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
