import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StoredRecord } from '../../db/records.js';
import { dataFileFormat, dataFileVersion, type Change, type Header } from './format.js';
import { encodeLine } from './lines.js';
import type { DurableAnswer } from '../../pipeline/durable-answer.js';
import { fsyncDirectory, writeAll } from './sync-io.js';

const batchBytes = 1 << 20;

/**
 * Replaces the data file atomically with a snapshot of `tables` (header, then one line per
 * record), then the kept `answers` as journal lines: written to `<path>.tmp`, fsynced, renamed over `path`, and the
 * directory fsynced. A crash at any point leaves either the old file or the new one.
 * Lines are numbered from 1 (`seq`); returns the last number written, which the journal continues.
 */
export function writeSnapshot(path: string, tables: Record<string, readonly StoredRecord[]>, mode: number, answers: readonly DurableAnswer[] = []): number {
  const records = Object.values(tables).reduce((count, list) => count + list.length, 0);
  const sequence = records + answers.length;
  const header: Header = { format: dataFileFormat, version: dataFileVersion, writtenAt: new Date().toISOString(), records, sequence };
  let seq = 0;
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w', mode);
  try {
    let batch: Buffer[] = [encodeLine(header)];
    let size = batch[0]!.length;
    for (const [table, list] of Object.entries(tables)) {
      for (const record of list) {
        const line = encodeLine({ seq: ++seq, ...({ table, op: 'create', record } satisfies Change) });
        batch.push(line);
        size += line.length;
        if (size >= batchBytes) {
          writeAll(fd, Buffer.concat(batch));
          [batch, size] = [[], 0];
        }
      }
    }
    // Kept Idempotency-Key answers follow the snapshot as journal lines (they are not records).
    for (const answer of answers) {
      const line = encodeLine({ seq: ++seq, ...({ op: 'answer', answer } satisfies Change) });
      batch.push(line);
      size += line.length;
      if (size >= batchBytes) {
        writeAll(fd, Buffer.concat(batch));
        [batch, size] = [[], 0];
      }
    }
    writeAll(fd, Buffer.concat(batch));
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, path);
  fsyncDirectory(dirname(path));
  return sequence;
}
