import { closeSync, fsyncSync, openSync } from 'node:fs';
import type { Change, EndChange } from './format.js';
import { encodeLine } from './lines.js';
import { writeAll } from './sync-io.js';

/**
 * The write-ahead journal: appends one checksummed line per change to the data file; `sync`
 * fsyncs what was appended. The server syncs before it sends any answer, so a change is on
 * disk before it is acknowledged (or shown to anyone), and a request that writes many records
 * (an organization-wide bake) costs one fsync, not one per record. After a failed write the
 * journal refuses every further one (a half-written line must stay last). Each line carries the
 * next sequence number (`seq`), continuing the snapshot's; a clean stop ends with an end line.
 */
export class Journal {
  #fd: number | undefined;
  #failure: Error | undefined;
  #unsynced = false;
  #bytes = 0;
  #sequence: number;

  private constructor(
    readonly path: string,
    fd: number,
    lastSequence: number,
  ) {
    this.#fd = fd;
    this.#sequence = lastSequence;
  }

  /** Appends to `path`, whose last line holds sequence number `lastSequence` (what `writeSnapshot` returned). */
  static open(path: string, lastSequence: number): Journal {
    return new Journal(path, openSync(path, 'a'), lastSequence);
  }

  append(change: Change | EndChange): void {
    this.#guarded(() => {
      // The number is only spent once the line is written: after a failure nothing more is.
      const line = encodeLine({ seq: this.#sequence + 1, ...change });
      writeAll(this.#fd!, line);
      this.#sequence += 1;
      this.#bytes += line.length;
      this.#unsynced = true;
    });
  }

  /**
   * A clean stop: appends the end line (the next start knows nothing was cut off after it),
   * syncs and closes. After a failed write it only closes: the file ends as it is.
   */
  end(): void {
    if (this.#fd === undefined) return;
    if (!this.#failure) {
      try {
        this.append({ op: 'end' });
      } catch {
        // Reported as the journal's failure; the file is left without an end line, as after a kill.
      }
    }
    this.close();
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
