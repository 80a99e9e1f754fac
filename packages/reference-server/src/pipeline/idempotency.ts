import type { Caller } from '../domain/access/caller.js';
import { checkJsonLimits } from './json-limits.js';
import { durableBody, type DurableAnswer } from './durable-answer.js';
import { toHex } from '../domain/access/hex.js';
import { ProblemError } from '../domain/operation/problems.js';
import { maxBodyBytes } from './json-body.js';
import type { ApiRequest, ApiResponse, BodyRead } from './messages.js';
import { compactBody, expandBody, type TextPacker } from './compact-body.js';
import { ReplayStore } from './replay-store.js';

/** The request header that names one logical write, as Stripe's API does. */
export const idempotencyKeyHeader = 'idempotency-key';
/** Set to `true` on an answer that repeats the first answer to the same key. */
export const idempotentReplayedHeader = 'idempotent-replayed';

export interface IdempotencyOptions {
  /** How long an answer is kept for replay, in milliseconds. Default 24 hours (as Stripe keeps keys). */
  keepMs?: number;
  /** Bytes all kept answers may take together. Default 64 MiB. */
  maxBytes?: number;
  /**
   * Bytes one credential's kept answers may take (its own oldest are forgotten past it, never
   * another credential's). Default 8 MiB: several answers of the largest body (1 MiB) each.
   */
  maxBytesPerCredential?: number;
  now?: () => number;
  /** Compresses large text answers for keeping (compact-body.ts); gzip through `CompressionStream` when absent. */
  packer?: TextPacker | undefined;
  /** The hex SHA-256 of a text's UTF-8 bytes (node:crypto's, given by the node:http server); Web Crypto when absent. */
  hashText?: ((text: string) => string) | undefined;
  /**
   * Sees each answer as it is kept, before it is sent: the persistence layer (`--data`) writes it
   * to the journal, so that a replay after a restart answers it again.
   */
  onKept?: ((answer: DurableAnswer) => void) | undefined;
}

/** The defaults of {@link IdempotencyOptions}, sized for a sandbox (README, "Limits"). */
export const defaultIdempotencyLimits = { keepMs: 24 * 60 * 60 * 1000, maxBytes: 64 * 1024 * 1024, maxBytesPerCredential: 8 * 1024 * 1024 } as const;

const keyPattern = /^[\x21-\x7e]{1,255}$/;
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The idempotency step of the pipeline, after authentication: a write that carries an
 * `Idempotency-Key` runs once per credential and key. Within 24 hours the same key answers
 * with the first answer again (same status and body, `Idempotent-Replayed: true`); with another
 * method, path, query or body it is 422; while the first is still running, 409. Failures (thrown
 * problems, 429 and 5xx) keep nothing, so the retry of a failed create runs again. The answers
 * are kept in a {@link ReplayStore}: bounded in bytes, with a share per credential.
 */
export class IdempotencyStep {
  readonly store: ReplayStore;
  readonly #keepMs: number;
  readonly #now: () => number;
  readonly #packer: TextPacker | undefined;
  readonly #hashText: ((text: string) => string) | undefined;
  readonly #onKept: ((answer: DurableAnswer) => void) | undefined;

  constructor(options: IdempotencyOptions = {}) {
    this.#keepMs = options.keepMs ?? defaultIdempotencyLimits.keepMs;
    this.#now = options.now ?? Date.now;
    this.#packer = options.packer;
    this.#hashText = options.hashText;
    this.#onKept = options.onKept;
    const maxBytes = options.maxBytes ?? defaultIdempotencyLimits.maxBytes;
    this.store = new ReplayStore({ maxBytes, maxBytesPerCredential: Math.min(maxBytes, options.maxBytesPerCredential ?? defaultIdempotencyLimits.maxBytesPerCredential) });
  }

  /** Puts answers read back from the data file into the store (expired ones are skipped), oldest first. */
  restore(answers: Iterable<DurableAnswer>): void {
    const now = this.#now();
    for (const { scope, key, fingerprint, expiresAt, status, headers, body } of answers) {
      if (expiresAt <= now) continue;
      const entry = this.store.start(scope, key, fingerprint, expiresAt);
      this.store.finish(scope, key, entry, { status, headers, body });
    }
  }

  /** The kept answers that can be written (text bodies), for a new snapshot of the data file. */
  durableAnswers(): DurableAnswer[] {
    const answers: DurableAnswer[] = [];
    for (const { credential, key, entry } of this.store.finished(this.#now())) {
      const body = durableBody(entry.answer!.body);
      if (body) answers.push({ scope: credential, key, fingerprint: entry.fingerprint, expiresAt: entry.expiresAt, status: entry.answer!.status, headers: entry.answer!.headers, body });
    }
    return answers;
  }

  /** Forgets every kept answer (the mock server's `reset()`: the next test starts without replays). */
  clear(): void {
    this.store.clear();
  }

  run(request: ApiRequest, caller: Caller, requestId: string, next: (request: ApiRequest) => Promise<ApiResponse>): Promise<ApiResponse>;
  run(request: ApiRequest, caller: Caller, requestId: string, next: (request: ApiRequest) => ApiResponse | Promise<ApiResponse>): ApiResponse | Promise<ApiResponse>;
  run(request: ApiRequest, caller: Caller, requestId: string, next: (request: ApiRequest) => ApiResponse | Promise<ApiResponse>): ApiResponse | Promise<ApiResponse> {
    const key = request.header(idempotencyKeyHeader);
    // Not an async function: a request without a key (every read) gets `next`'s own answer or promise, nothing wrapped around it.
    if (key === undefined || readOnlyMethods.has(request.method)) return next(request);
    return this.#runKeyed(request, key, caller, requestId, next);
  }

  async #runKeyed(request: ApiRequest, key: string, caller: Caller, requestId: string, next: (request: ApiRequest) => ApiResponse | Promise<ApiResponse>): Promise<ApiResponse> {
    if (!keyPattern.test(key)) {
      throw new ProblemError('validation_failed', 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces', {
        errors: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters without spaces' }],
      });
    }
    // The body is read once here and handed on, so that the fingerprint and the operation see the same bytes.
    const body = await request.readBody(maxBodyBytes);
    const replayable: ApiRequest = {
      method: request.method,
      pathname: request.pathname,
      search: request.search,
      origin: request.origin,
      client: request.client,
      header: (name) => request.header(name),
      readBody: () => Promise.resolve(body),
    };
    const fingerprint = await fingerprintOf(request, body, this.#hashText);
    // Keys of different users never meet; one user's API key and bearer token share theirs (as Stripe's per account).
    const credential = idempotencyScope(caller);
    const now = this.#now();

    const kept = this.store.get(credential, key, now);
    if (kept !== undefined) {
      if (kept.fingerprint !== fingerprint) {
        throw new ProblemError('idempotency_key_reused', 'this Idempotency-Key was used with another request (method, path, query or body); use a new key for a new request');
      }
      if (kept.answer === undefined) {
        throw new ProblemError('conflict', 'a request with this Idempotency-Key is still running; retry once it has finished', { headers: { 'retry-after': '1' } });
      }
      const { status, headers } = kept.answer;
      return { status, headers: { ...headers, 'x-request-id': requestId, [idempotentReplayedHeader]: 'true' }, body: await expandBody(kept.answer.body, this.#packer) };
    }

    const entry = this.store.start(credential, key, fingerprint, now + this.#keepMs);
    let answer: ApiResponse;
    try {
      answer = await next(replayable);
    } catch (error) {
      this.store.forget(credential, key);
      throw error;
    }
    if (answer.status >= 500 || answer.status === 429) this.store.forget(credential, key);
    else {
      const kept = { status: answer.status, headers: answer.headers, body: await compactBody(answer.body, this.#packer) };
      const durable = durableBody(kept.body);
      if (this.store.finish(credential, key, entry, kept) && durable && this.#onKept) {
        this.#onKept({ scope: credential, key, fingerprint, expiresAt: entry.expiresAt, status: kept.status, headers: kept.headers, body: durable });
      }
    }
    return answer;
  }
}

/** Whose Idempotency-Keys a request uses: its user's (Stripe scopes keys per account). */
export function idempotencyScope(caller: Caller): string {
  return `user:${caller.user.id}`;
}

/**
 * What identifies a request for its key: the SHA-256 of method, path and query (with whether the
 * body was too large), then the SHA-256 of the body: of its canonical JSON (keys sorted at every
 * level, no spaces) when it is a JSON text within the shape limits, so that the same object with
 * its keys in another order is the same request; else of its bytes.
 */
async function fingerprintOf(request: ApiRequest, body: BodyRead, hashText: ((text: string) => string) | undefined): Promise<string> {
  // A body too large is fingerprinted as such; the operation refuses it with 413 anyway.
  const head = new TextEncoder().encode(`${request.method} ${request.pathname}${request.search}\n${body.kind === 'too-large' ? 1 : 0}`);
  const headDigest = toHex(await crypto.subtle.digest('SHA-256', head));
  const text = body.kind === 'text' ? body.text : body.kind === 'bytes' ? decodeUtf8(body.bytes) : undefined;
  const canonical = text === undefined ? undefined : canonicalJson(text);
  if (canonical !== undefined) {
    const digest = hashText ? hashText(canonical) : toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical)));
    return `${headDigest}:json:${digest}`;
  }
  // The node:http binding hashed the bytes as they arrived.
  if (body.kind === 'text') return `${headDigest}:${body.sha256}`;
  if (body.kind !== 'bytes') return headDigest;
  return `${headDigest}:${toHex(await crypto.subtle.digest('SHA-256', body.bytes as Uint8Array<ArrayBuffer>))}`;
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The JSON text with object keys sorted at every level, or undefined when it is not JSON within
 * the shape limits (json-limits.ts: the depth bounds the recursion here).
 */
export function canonicalJson(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    checkJsonLimits(text);
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  // A null-prototype object: a key named __proto__ stays a key.
  const sorted = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) sorted[key] = sortedKeys((value as Record<string, unknown>)[key]);
  return sorted;
}
