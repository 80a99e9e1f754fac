import type { CompactBody } from './compact-body.js';
import { compactBodyBytes } from './compact-body.js';

/** One kept answer (or a request still running) under a credential and key. */
export interface KeptAnswer {
  /** The hash of method, path, query and body the key was first used with. */
  fingerprint: string;
  expiresAt: number;
  /** Undefined while the first request is still running. */
  answer: { status: number; headers: Record<string, string>; body: CompactBody } | undefined;
  /** What the entry costs in memory, in bytes (key, fingerprint, headers and body). */
  bytes: number;
}

export interface ReplayStoreLimits {
  /** Bytes all kept answers may take together. */
  maxBytes: number;
  /** Bytes one credential's kept answers may take; its own oldest go first past it. */
  maxBytesPerCredential: number;
}

/** What an entry costs besides its body: the Map slots, the object, the fingerprint. */
const entryOverhead = 256;

/** The memory cost of an entry under `key`; the answer's headers and body when it has one. */
export function costOf(key: string, answer: KeptAnswer['answer']): number {
  let bytes = entryOverhead + key.length * 2;
  if (answer) {
    for (const [name, value] of Object.entries(answer.headers)) bytes += (name.length + value.length) * 2;
    bytes += compactBodyBytes(answer.body);
  }
  return bytes;
}

/** One credential's kept answers, oldest first (a Map keeps insertion order). */
interface Shelf {
  entries: Map<string, KeptAnswer>;
  bytes: number;
}

/**
 * The answers the idempotency step keeps, bounded in bytes with a share per credential: a
 * credential past its share forgets its own oldest answers, never another's. Past the total,
 * the credential holding the most bytes gives up its oldest answers first, so a flood from one
 * credential cannot evict a quieter one's answers. Entries expire; expired ones are dropped as
 * their credential comes back and by a sweep at most once a minute, so memory is given back.
 * Requests still running are never evicted (they must answer 409 until they end).
 */
export class ReplayStore {
  readonly #shelves = new Map<string, Shelf>();
  #bytes = 0;
  #nextSweep = 0;

  constructor(private readonly limits: ReplayStoreLimits) {}

  /** Bytes held, all credentials together. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Forgets every kept answer, running ones included (the mock server's `reset()`). */
  clear(): void {
    this.#shelves.clear();
    this.#bytes = 0;
  }

  /** Kept entries, all credentials together. */
  get size(): number {
    let size = 0;
    for (const shelf of this.#shelves.values()) size += shelf.entries.size;
    return size;
  }

  get(credential: string, key: string, now: number): KeptAnswer | undefined {
    this.#sweep(now);
    const shelf = this.#shelves.get(credential);
    if (!shelf) return undefined;
    this.#forgetExpired(credential, shelf, now);
    const entry = shelf.entries.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  /** Notes a request that is running now under the key. */
  start(credential: string, key: string, fingerprint: string, expiresAt: number): KeptAnswer {
    let shelf = this.#shelves.get(credential);
    if (!shelf) this.#shelves.set(credential, (shelf = { entries: new Map(), bytes: 0 }));
    const entry: KeptAnswer = { fingerprint, expiresAt, answer: undefined, bytes: costOf(key, undefined) };
    shelf.entries.set(key, entry);
    this.#grow(shelf, entry.bytes);
    return entry;
  }

  /**
   * Keeps the answer of a finished request for replay; returns false (and keeps nothing) when
   * the answer alone is larger than a credential's share.
   */
  finish(credential: string, key: string, entry: KeptAnswer, answer: NonNullable<KeptAnswer['answer']>): boolean {
    const shelf = this.#shelves.get(credential);
    if (!shelf || shelf.entries.get(key) !== entry) return false; // forgotten meanwhile (expired)
    const bytes = costOf(key, answer);
    if (bytes > this.limits.maxBytesPerCredential) {
      this.forget(credential, key);
      return false;
    }
    entry.answer = answer;
    this.#grow(shelf, bytes - entry.bytes);
    entry.bytes = bytes;
    this.#evict(shelf, this.limits.maxBytesPerCredential);
    while (this.#bytes > this.limits.maxBytes) {
      const largest = this.#largestShelf();
      if (!largest || !this.#evict(largest, largest.bytes - 1)) break;
    }
    return true;
  }

  /** Every finished, unexpired answer, oldest first per credential (what persistence writes). */
  *finished(now: number): Generator<{ credential: string; key: string; entry: KeptAnswer }> {
    for (const [credential, shelf] of this.#shelves) {
      for (const [key, entry] of shelf.entries) {
        if (entry.answer !== undefined && entry.expiresAt > now) yield { credential, key, entry };
      }
    }
  }

  forget(credential: string, key: string): void {
    const shelf = this.#shelves.get(credential);
    const entry = shelf?.entries.get(key);
    if (!shelf || !entry) return;
    shelf.entries.delete(key);
    this.#grow(shelf, -entry.bytes);
    if (shelf.entries.size === 0) this.#shelves.delete(credential);
  }

  #grow(shelf: Shelf, bytes: number): void {
    shelf.bytes += bytes;
    this.#bytes += bytes;
  }

  /** Drops the shelf's oldest finished answers until it holds at most `target` bytes; false when nothing could go. */
  #evict(shelf: Shelf, target: number): boolean {
    let evicted = false;
    for (const [key, entry] of shelf.entries) {
      if (shelf.bytes <= target) break;
      if (entry.answer === undefined) continue;
      shelf.entries.delete(key);
      this.#grow(shelf, -entry.bytes);
      evicted = true;
    }
    return evicted;
  }

  #largestShelf(): Shelf | undefined {
    let largest: Shelf | undefined;
    for (const shelf of this.#shelves.values()) if (!largest || shelf.bytes > largest.bytes) largest = shelf;
    return largest;
  }

  /** Expired entries are the oldest of their shelf (every entry lives equally long). */
  #forgetExpired(credential: string, shelf: Shelf, now: number): void {
    for (const [key, entry] of shelf.entries) {
      if (entry.expiresAt > now) break;
      shelf.entries.delete(key);
      this.#grow(shelf, -entry.bytes);
    }
    if (shelf.entries.size === 0) this.#shelves.delete(credential);
  }

  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + 60_000;
    for (const [credential, shelf] of this.#shelves) this.#forgetExpired(credential, shelf, now);
  }
}
