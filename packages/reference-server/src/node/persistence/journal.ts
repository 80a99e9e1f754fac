import { closeSync, fsyncSync, openSync } from 'node:fs';
import type { Change } from './format.js';
import { encodeLine } from './lines.js';
import { writeAll } from './sync-io.js';

/**
 * The write-ahead journal: appends one checksummed line per change to the data file; `sync`
 * fsyncs what was appended. The server syncs before it sends any answer, so a change is on
 * disk before it is acknowledged (or shown to anyone), and a request that writes many records
 * (an organization-wide bake) costs one fsync, not one per record. After a failed write the
 * journal refuses every further one (a half-written line must stay last).
 */
export class Journal {
  #fd: number | undefined;
  #failure: Error | undefined;
  #unsynced = false;
  #bytes = 0;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.#fd = fd;
  }

  static open(path: string): Journal {
    return new Journal(path, openSync(path, 'a'));
  }

  append(change: Change): void {
    this.#guarded(() => {
      const line = encodeLine(change);
      writeAll(this.#fd!, line);
      this.#bytes += line.length;
      this.#unsynced = true;
    });
  }

  /** Bytes appended since the journal was opened (what compaction weighs). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Makes every appended line durable; cheap when nothing was appended since the last sync. */
  sync(): void {
    if (!this.#unsynced) return;
    this.#guarded(() => {
      fsyncSync(this.#fd!);
      this.#unsynced = false;
    });
  }

  #guarded(io: () => void): void {
    if (this.#failure) throw this.#failure;
    if (this.#fd === undefined) throw new Error(`the journal ${this.path} is closed`);
    try {
      io();
    } catch (error) {
      this.#failure = new Error(`cannot write to the data file ${this.path}: ${(error as Error).message}`, { cause: error });
      throw this.#failure;
    }
  }

  close(): void {
    if (this.#fd === undefined) return;
    if (!this.#failure && this.#unsynced) fsyncSync(this.#fd);
    closeSync(this.#fd);
    this.#fd = undefined;
  }
}
