import { chmodSync, statSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';

/**
 * An append-only JSON-lines file with a size cap: lines are appended one after the other (they
 * never interleave) until the file would pass `maxBytes`; later lines are counted, not written.
 * The cap bounds the disk and, because a line is counted before it is queued, the memory held by
 * lines waiting for the disk. The first lines are kept (the first report of a drift says the most;
 * the rest usually repeat it). The file is readable by its owner only (mode 0600): it can hold
 * what clients sent.
 */
export class CappedLines {
  readonly path: string;
  readonly maxBytes: number;
  /** Bytes in the file, or queued for it (the file's size at start included). */
  #bytes = 0;
  /** Lines written (or queued) since start. */
  written = 0;
  /** Lines not written because the cap was reached. */
  dropped = 0;
  #queue: Promise<void> = Promise.resolve();
  readonly #onFull: (file: CappedLines) => void;

  constructor(path: string, maxBytes: number, onFull: (file: CappedLines) => void = () => {}) {
    this.path = path;
    this.maxBytes = maxBytes;
    this.#onFull = onFull;
    // A file left by an earlier run counts towards the cap (appended to, never truncated), and is made private.
    const found = statSync(path, { throwIfNoEntry: false });
    if (found) {
      this.#bytes = found.size;
      chmodSync(path, 0o600);
    }
  }

  /** Queues `line` (one JSON text, no newline); false when the cap dropped it. */
  add(line: string): boolean {
    const text = `${line}\n`;
    const size = Buffer.byteLength(text);
    if (this.#bytes + size > this.maxBytes) {
      if (this.dropped++ === 0) this.#onFull(this);
      return false;
    }
    this.#bytes += size;
    this.written++;
    this.#queue = this.#queue
      .then(() => appendFile(this.path, text, { mode: 0o600 }))
      .catch((error: unknown) => {
        process.stderr.write(`proxy: cannot write ${this.path}: ${error instanceof Error ? error.message : String(error)}\n`);
      });
    return true;
  }

  /** Resolves once every queued line is on disk. */
  flushed(): Promise<void> {
    return this.#queue;
  }
}
