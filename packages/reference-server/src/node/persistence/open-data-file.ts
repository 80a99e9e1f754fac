import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDatabase, type Database } from '../../db/database.js';
import { exportRecords, LoadRecordsError, loadRecords, observeWrites, tablesOf, type WriteEvent } from '../../db/records.js';
import { seedDatabase, type DemoCredential, type SeedName } from '../../seed/index.js';
import { DataFileError } from './errors.js';
import type { WriteBatch } from '../../db/write-batch.js';
import type { RecordChange } from './format.js';
import { Journal } from './journal.js';
import { JournalCompaction } from './compaction.js';
import { readDataFile } from './read-data-file.js';
import { writeSnapshot } from './snapshot.js';
import type { DurableAnswer } from '../../pipeline/durable-answer.js';

export interface DataFileOptions {
  path: string;
  /** Seeds a new file (when `path` does not exist yet). */
  seed: SeedName;
  /**
   * The records a new file starts with instead of `seed` (a recorded scenario, `--scenario`).
   * An existing file is refused with it: its sandbox would silently win over the scenario asked for.
   */
  initial?: Database;
  /** Whether a new file's demo users get the published keys (true) or generated ones (default false: the file's keys are real). */
  demoKeys?: boolean;
  /** Notices (a dropped torn line); default stderr. */
  warn?: (message: string) => void;
  /**
   * A journal append failed (disk full, I/O error): the write was applied in memory but is not
   * on disk and must not be acknowledged. Default: print the error and exit the process with
   * code 1, so that nothing unsaved is ever answered; the next start reads what was saved.
   */
  onWriteFailure?: (error: Error) => void;
  /** Journal bytes past which the running server compacts the file (see compaction.ts). Default 16 MiB. */
  compactBytes?: number;
  /** The clock kept answers expire by (ms since the epoch); default `Date.now`. */
  now?: () => number;
}

export interface DataFile {
  /** The absolute path. */
  path: string;
  db: Database;
  /** `created`: seeded a new file; `loaded`: read an existing one. */
  origin: 'created' | 'loaded';
  records: number;
  /** Journal lines replayed at start (then folded into the new snapshot). */
  journalLines: number;
  /** Keys generated for the demo users of a new file: shown once, at this first start. */
  generatedCredentials: DemoCredential[];
  /** Unexpired answers kept for Idempotency-Keys, read from the file: the server restores them. */
  keptAnswers: DurableAnswer[];
  /** Journals an answer kept for an Idempotency-Key (made durable by the next `sync`, before it is sent). */
  recordAnswer(answer: DurableAnswer): void;
  /** Where a compaction gets the kept answers to write after the new snapshot (the server sets it). */
  answersSource: () => readonly DurableAnswer[];
  /** Makes every write so far durable (fsync), compacting the file when due; the server calls it before each answer. */
  sync(): void;
  /** Times the running server compacted the file (rewrote it as a snapshot without journal). */
  readonly compactions: number;
  /** Stops journaling and closes the file, ending it with the end line of a clean stop. */
  close(): void;
}

const newFileMode = 0o600;

/**
 * Opens the sandbox's data file: loads it (snapshot + journal), or seeds a new database when
 * the file does not exist; compacts it into a fresh snapshot (atomic replace); then journals
 * every write of the database, fsynced before the write resolves.
 */
export async function openDataFile(options: DataFileOptions): Promise<DataFile> {
  const path = resolve(options.path);
  const warn = options.warn ?? ((message: string) => console.error(message));
  const db = createDatabase();
  const contents = readDataFile(
    path,
    tablesOf(db).map(([name]) => name),
  );
  let mode = newFileMode;
  let generatedCredentials: DemoCredential[] = [];
  if (contents && options.initial) {
    throw new DataFileError(
      path,
      undefined,
      'already holds a sandbox, so a scenario cannot start it: start without --scenario to keep that sandbox, or give a new --data file to start one from the scenario',
    );
  }
  if (contents) {
    if (contents.tornTail) {
      warn(
        `medsched-server: ${path}:${contents.tornTail.line}: dropped an incomplete last line (${contents.tornTail.bytes} bytes without a newline): ` +
          'a write cut short by a crash, never acknowledged.',
      );
    }
    if (contents.version < 4) {
      warn(
        `medsched-server: ${path}: a version ${contents.version} data file has no sequence numbers, so duplicated, missing or reordered lines could not be found; it is rewritten as version 4 now.`,
      );
    }
    if (contents.cleanStop === false) {
      warn(
        `medsched-server: ${path}: the last server did not stop cleanly (no end line): every line is in sequence, ` +
          'but lines cut off the end of the file (a copy or restore that lost its tail) could not be told from a crash.',
      );
    }
    const lines = new Map<string, number[]>();
    const records: Record<string, unknown[]> = {};
    for (const [table, byId] of contents.tables) {
      records[table] = [...byId.values()].map((entry) => entry.record);
      lines.set(
        table,
        [...byId.values()].map((entry) => entry.line),
      );
    }
    try {
      await loadRecords(db, records);
    } catch (error) {
      if (!(error instanceof LoadRecordsError)) throw error;
      const line = error.position === undefined ? undefined : lines.get(error.table)?.[error.position];
      throw new DataFileError(path, line, `a ${error.table} record the server cannot take: ${error.reason}`);
    }
    mode = statSync(path).mode & 0o777;
  } else if (options.initial) {
    await loadRecords(db, exportRecords(options.initial));
  } else {
    generatedCredentials = await seedDatabase(db, options.seed, { demoKeys: options.demoKeys ?? false });
  }

  const now = options.now ?? Date.now;
  const keptAnswers = (contents?.answers ?? []).filter((answer) => answer.expiresAt > now());
  const saved = exportRecords(db);
  let lastSequence: number;
  try {
    lastSequence = writeSnapshot(path, saved, mode, keptAnswers);
  } catch (error) {
    throw new DataFileError(path, undefined, `cannot write the snapshot: ${(error as Error).message}`);
  }
  let journal = Journal.open(path, lastSequence);
  const compaction = new JournalCompaction(path, mode, options.compactBytes);
  let compactions = 0;
  const onWriteFailure =
    options.onWriteFailure ??
    ((error: Error) => {
      console.error(`medsched-server: ${error.message}; stopping so that the unsaved write is not acknowledged.`);
      process.exit(1);
    });
  const guarded = (io: () => void) => {
    try {
      io();
    } catch (error) {
      onWriteFailure(error as Error);
      throw error;
    }
  };
  // A batch's writes are held back and appended as one line when it closes (all or nothing).
  const pending = new Map<WriteBatch, RecordChange[]>();
  const stop = observeWrites(db, (event) => {
    const { batch } = event;
    if (!batch) return guarded(() => journal.append(changeOf(event)));
    let changes = pending.get(batch);
    if (!changes) {
      const held: RecordChange[] = (changes = []);
      pending.set(batch, held);
      batch.whenClosed(() => {
        pending.delete(batch);
        guarded(() => journal.append({ op: 'batch', changes: held }));
      });
    }
    changes.push(changeOf(event));
  });

  let answersSource: () => readonly DurableAnswer[] = () => keptAnswers;
  return {
    path,
    db,
    keptAnswers,
    recordAnswer(answer) {
      guarded(() => journal.append({ op: 'answer', answer }));
    },
    get answersSource() {
      return answersSource;
    },
    set answersSource(source) {
      answersSource = source;
    },
    origin: contents ? 'loaded' : 'created',
    records: Object.values(saved).reduce((count, list) => count + list.length, 0),
    journalLines: contents?.journalLines ?? 0,
    generatedCredentials,
    sync() {
      guarded(() => journal.sync());
      // Every write so far is in memory and in the journal: a snapshot of memory replaces both.
      if (!compaction.due(journal.bytes)) return;
      let compactedSequence: number;
      try {
        compactedSequence = compaction.compact(db, answersSource());
      } catch (error) {
        // The journal still holds every write: nothing is lost; the next sync tries again later.
        compaction.postpone(journal.bytes);
        warn(`medsched-server: could not compact ${path} (${(error as Error).message}); the journal keeps growing until a later try succeeds.`);
        return;
      }
      journal.close();
      journal = Journal.open(path, compactedSequence);
      compactions += 1;
    },
    get compactions() {
      return compactions;
    },
    close() {
      stop();
      journal.end();
    },
  };
}

function changeOf({ table, operation, record }: WriteEvent): RecordChange {
  return operation === 'delete' ? { table, op: 'delete', id: record.id } : { table, op: operation, record };
}
