/**
 * The writes of one request that must be kept together: an organization-wide bake finalizes and
 * creates thousands of records over several turns of the event loop, and a crash between two of
 * them must not leave half a bake on disk. Writes made with a batch reach the write observers
 * marked with it; persistence holds them back and records them as one journal record when the
 * batch is closed, which a restart applies whole or (cut short by the crash) not at all.
 */
export class WriteBatch {
  #closed = false;
  #onClose: Array<() => void> = [];

  /** Runs `callback` when the batch is closed (at once if it already is). */
  whenClosed(callback: () => void): void {
    if (this.#closed) callback();
    else this.#onClose.push(callback);
  }

  /** Ends the batch: observers record its writes now. Closing twice does nothing. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const callbacks = this.#onClose;
    this.#onClose = [];
    for (const callback of callbacks) callback();
  }
}

/**
 * Runs `work` with a new batch and closes it afterwards, also when `work` fails (whatever was
 * applied in memory is then recorded, so that disk and memory agree).
 */
export async function inOneBatch<T>(work: (batch: WriteBatch) => Promise<T>): Promise<T> {
  const batch = new WriteBatch();
  try {
    return await work(batch);
  } finally {
    batch.close();
  }
}
