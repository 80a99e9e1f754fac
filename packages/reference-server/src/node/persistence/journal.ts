import { closeSync, fsyncSync, openSync } from 'node:fs';
import type { Change } from './format.js';
import { encodeLine } from './lines.js';
import { writeAll } from './sync-io.js';

/**
 * The write-ahead journal: appends one checksummed line per change to the data file and
 * fsyncs it before `append` returns, so a change is on disk before it is acknowledged. After
 * a failed append the journal refuses every further one (a half-written line must stay last).
 */
export class Journal {
  #fd: number | undefined;
  #failure: Error | undefined;

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
    if (this.#failure) throw this.#failure;
    if (this.#fd === undefined) throw new Error(`the journal ${this.path} is closed`);
    try {
      writeAll(this.#fd, encodeLine(change));
      fsyncSync(this.#fd);
    } catch (error) {
      this.#failure = new Error(`cannot write to the data file ${this.path}: ${(error as Error).message}`, { cause: error });
      throw this.#failure;
    }
  }

  close(): void {
    if (this.#fd === undefined) return;
    closeSync(this.#fd);
    this.#fd = undefined;
  }
}
