import { readFileSync } from 'node:fs';
import type { StoredRecord } from '../../db/records.js';
import { DataFileError } from './errors.js';
import { changeProblem, headerProblem, type Header, type Line, type RecordChange, type Sequenced } from './format.js';
import { decodeLine } from './lines.js';
import { sequenceProblem } from './sequence.js';
import type { DurableAnswer } from '../../pipeline/durable-answer.js';

export interface DataFileContents {
  /** table → id → the record and the line that last wrote it, in storage order. */
  tables: Map<string, Map<string, { record: StoredRecord; line: number }>>;
  snapshotRecords: number;
  journalLines: number;
  /** Answers kept for Idempotency-Keys, the last line of each scope and key, in file order. */
  answers: DurableAnswer[];
  /** The file's format version (an older one is rewritten as the current one at start). */
  version: Header['version'];
  /**
   * (Version 4) whether the file ends with the end line of a clean stop. Without it the last
   * server was killed or crashed: every acknowledged write is still there unless whole lines
   * were cut off the end, which nothing in the file can show.
   */
  cleanStop?: boolean;
  /** An incomplete last line (a write cut by a crash, never acknowledged), dropped. */
  tornTail?: { line: number; bytes: number };
}

/**
 * Reads and checks a whole data file and replays its journal over its snapshot. Returns
 * undefined when the file does not exist. Every complete line must pass its checksum and make
 * sense, and (version 4) their sequence numbers must run 1, 2, 3, … (`sequence.ts`); only bytes
 * after the last newline (an append cut short) are tolerated, and reported.
 * Anything else throws a `DataFileError` naming the file and line.
 */
export function readDataFile(path: string, tableNames: readonly string[]): DataFileContents | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFileError(path, undefined, `cannot be read: ${(error as Error).message}`);
  }
  if (bytes.length === 0) throw new DataFileError(path, undefined, 'the file is empty, so it is not a medsched data file (this server never writes an empty one)');

  const lines: Buffer[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, end));
    start = end + 1;
  }
  const tail = bytes.length - start;

  const fail = (line: number, reason: string): never => {
    throw new DataFileError(path, line, reason);
  };
  if (lines.length === 0) fail(1, 'the header line is incomplete (no newline): the file is cut short or not a medsched data file');
  const header = decodeLine(lines[0]!);
  if (!header.ok) fail(1, `unreadable header: ${header.reason}`);
  const headerIssue = headerProblem(header.ok && header.value);
  if (headerIssue) fail(1, headerIssue);
  const { records: snapshotRecords, version, sequence: snapshotSequence = 0 } = (header as { value: Header }).value;
  if (lines.length < 1 + snapshotRecords) {
    fail(lines.length + 1, `the snapshot is cut short: the header announces ${snapshotRecords} records, the file holds ${lines.length - 1} complete lines`);
  }

  // Every line is checked on its own first (checksum, meaning), then their order, then replayed.
  const known = new Set(tableNames);
  const decodedLines: Line[] = [];
  for (let index = 1; index < lines.length; index++) {
    const where = index <= snapshotRecords ? 'snapshot' : 'journal';
    const decoded = decodeLine(lines[index]!);
    if (!decoded.ok) fail(index + 1, `${where} line damaged: ${decoded.reason}`);
    const value = (decoded as { value: unknown }).value;
    const problem = changeProblem(value, known, version);
    if (problem) fail(index + 1, `${where} line not understood: ${problem}`);
    decodedLines.push(value as Line);
  }
  if (version >= 4) {
    const sequences = decodedLines.map((line) => (line as unknown as Sequenced).seq);
    const problem = sequenceProblem(sequences, snapshotSequence, (first, second) => lines[first + 1]!.equals(lines[second + 1]!));
    if (problem) fail(problem.line, problem.reason);
  }

  const tables = new Map(tableNames.map((name) => [name, new Map<string, { record: StoredRecord; line: number }>()]));
  const answers = new Map<string, DurableAnswer>();
  let cleanStop = false;
  for (const [position, decodedChange] of decodedLines.entries()) {
    const lineNumber = position + 2;
    const inSnapshot = position < snapshotRecords;
    if (decodedChange.op === 'end') {
      if (inSnapshot || position !== decodedLines.length - 1) fail(lineNumber, 'an end line (written at a clean stop) that is not the last line of the file');
      cleanStop = true;
      continue;
    }
    if (decodedChange.op === 'answer') {
      if (inSnapshot) fail(lineNumber, 'snapshot line with operation answer');
      const { scope, key } = decodedChange.answer;
      const id = `${scope}\u0000${key}`;
      answers.delete(id);
      answers.set(id, decodedChange.answer);
      continue;
    }
    if (inSnapshot && decodedChange.op !== 'create') fail(lineNumber, `snapshot line with operation ${decodedChange.op}`);
    // A batch is one request's writes (a bake): it is here whole, or (cut by a crash) not at all.
    const changes: RecordChange[] = decodedChange.op === 'batch' ? decodedChange.changes : [decodedChange];
    for (const { table, ...rest } of changes) {
      const records = tables.get(table)!;
      if (rest.op === 'delete') records.delete(rest.id);
      else records.set(rest.record.id, { record: rest.record, line: lineNumber });
    }
  }

  return {
    tables,
    snapshotRecords,
    journalLines: lines.length - 1 - snapshotRecords - (cleanStop ? 1 : 0),
    answers: [...answers.values()],
    version,
    ...(version >= 4 ? { cleanStop } : {}),
    ...(tail > 0 ? { tornTail: { line: lines.length + 1, bytes: tail } } : {}),
  };
}
