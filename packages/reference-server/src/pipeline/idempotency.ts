import { credentialKey, type Caller } from '../domain/access/caller.js';
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

  constructor(options: IdempotencyOptions = {}) {
    this.#keepMs = options.keepMs ?? defaultIdempotencyLimits.keepMs;
    this.#now = options.now ?? Date.now;
    this.#packer = options.packer;
    const maxBytes = options.maxBytes ?? defaultIdempotencyLimits.maxBytes;
    this.store = new ReplayStore({ maxBytes, maxBytesPerCredential: Math.min(maxBytes, options.maxBytesPerCredential ?? defaultIdempotencyLimits.maxBytesPerCredential) });
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
      readBody: async () => body,
    };
    const fingerprint = await fingerprintOf(request, body);
    // Keys of different credentials never meet.
    const credential = credentialKey(caller);
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
    else this.store.finish(credential, key, entry, { status: answer.status, headers: answer.headers, body: await compactBody(answer.body, this.#packer) });
    return answer;
  }
}

/**
 * What identifies a request for its key: the SHA-256 of method, path and query (with whether the
 * body was too large), then the SHA-256 of the body. Two digests rather than one of a joined
 * copy: a 1 MiB body is hashed where it lies, not copied first.
 */
async function fingerprintOf(request: ApiRequest, body: BodyRead): Promise<string> {
  // A body too large is fingerprinted as such; the operation refuses it with 413 anyway.
  const head = new TextEncoder().encode(`${request.method} ${request.pathname}${request.search}\n${body.kind === 'too-large' ? 1 : 0}`);
  const headDigest = toHex(await crypto.subtle.digest('SHA-256', head));
  // The node:http binding hashed the bytes as they arrived.
  if (body.kind === 'text') return `${headDigest}:${body.sha256}`;
  if (body.kind !== 'bytes') return headDigest;
  return `${headDigest}:${toHex(await crypto.subtle.digest('SHA-256', body.bytes as Uint8Array<ArrayBuffer>))}`;
}
