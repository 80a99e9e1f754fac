/**
 * The PDFs last served for signed links, so that fetching a link again while its data is
 * unchanged gives the same bytes: a GET and its HEAD agree on `content-length`, and a browser
 * that fetches a PDF twice (viewer, then download) gets one document. A PDF prints the time it
 * was rendered, so rendering anew would change its bytes; reusing it is still true, because
 * the data it shows has not changed since. A cache only: an entry evicted costs a rendering.
 */
export class RenderedPdfs {
  readonly #entries = new Map<string, { fingerprint: string; bytes: Uint8Array; expiresAt: number }>();
  readonly #capacity: number;

  /** @param capacity PDFs kept (each some 10–100 KB); the least recently used goes first. */
  constructor(capacity = 16) {
    this.#capacity = capacity;
  }

  /**
   * The bytes kept for `link` if they were rendered from data with the same `fingerprint`,
   * else those `render` makes now, kept until `expiresAt` (ms) when the link dies anyway.
   */
  async get(link: string, fingerprint: string, now: number, expiresAt: number, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const kept = this.#entries.get(link);
    this.#entries.delete(link);
    if (kept && kept.fingerprint === fingerprint && kept.expiresAt > now) {
      this.#entries.set(link, kept);
      return kept.bytes;
    }
    const bytes = await render();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    while (this.#entries.size >= this.#capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(link, { fingerprint, bytes, expiresAt });
    return bytes;
  }
}
