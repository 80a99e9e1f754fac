import { statSync } from 'node:fs';
import { exportRecords } from '../../db/records.js';
import type { Database } from '../../db/database.js';
import { writeSnapshot } from './snapshot.js';
import type { DurableAnswer } from '../../pipeline/durable-answer.js';

/** The journal is folded into a new snapshot once it holds this many bytes, at least. Default 16 MiB. */
export const defaultJournalCompactBytes = 16 * 1024 * 1024;

/**
 * When the running server rewrites its data file: once the journal has grown past
 * `compactBytes` and past the size of the snapshot (so at least half the file is superseded
 * records), the live records are written as a new snapshot (atomic replace) and the journal
 * starts empty. The file so stays below twice the live data plus `compactBytes`, and the live
 * data is bounded by the storage quotas; the cost is amortized over the writes that grew it.
 */
export class JournalCompaction {
  #snapshotBytes: number;

  constructor(
    private readonly path: string,
    private readonly mode: number,
    private readonly compactBytes = defaultJournalCompactBytes,
  ) {
    this.#snapshotBytes = statSync(path).size;
  }

  #notBefore = 0;

  /** Whether a journal of `journalBytes` should be compacted now. */
  due(journalBytes: number): boolean {
    return journalBytes >= this.compactBytes && journalBytes >= this.#snapshotBytes && journalBytes >= this.#notBefore;
  }

  /** After a failed compaction: the next try once the journal has grown by half again. */
  postpone(journalBytes: number): void {
    this.#notBefore = Math.ceil(journalBytes * 1.5);
  }

  /**
   * Writes every record of `db` (and the kept answers) as the new snapshot, numbered from 1;
   * returns its last sequence number, which the caller's reopened journal continues.
   */
  compact(db: Database, answers: readonly DurableAnswer[] = []): number {
    const lastSequence = writeSnapshot(this.path, exportRecords(db), this.mode, answers);
    this.#snapshotBytes = statSync(this.path).size;
    this.#notBefore = 0;
    return lastSequence;
  }
}
