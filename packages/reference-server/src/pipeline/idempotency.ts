import { credentialKey, type Caller } from '../domain/access/caller.js';
import { toHex } from '../domain/access/hex.js';
import { ProblemError } from '../domain/operation/problems.js';
import { maxBodyBytes } from './json-body.js';
import type { ApiRequest, ApiResponse, BodyRead } from './messages.js';

/** The request header that names one logical write, as Stripe's API does. */
export const idempotencyKeyHeader = 'idempotency-key';
/** Set to `true` on an answer that repeats the first answer to the same key. */
export const idempotentReplayedHeader = 'idempotent-replayed';

export interface IdempotencyOptions {
  /** How long an answer is kept for replay, in milliseconds. Default 24 hours. */
  keepMs?: number;
  /** Most answers kept at once; the oldest go first, so memory stays bounded. Default 10,000. */
  maxKept?: number;
  now?: () => number;
}

interface Kept {
  /** The hash of method, path, query and body the key was first used with. */
  fingerprint: string;
  expiresAt: number;
  /** Undefined while the first request is still running. */
  answer: ApiResponse | undefined;
}

const keyPattern = /^[\x21-\x7e]{1,255}$/;
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The idempotency step of the pipeline, after authentication: a write that carries an
 * `Idempotency-Key` runs once per credential and key. Within 24 hours the same key answers
 * with the first answer again (same status and body, `Idempotent-Replayed: true`); with another
 * method, path, query or body it is 422; while the first is still running, 409. Failures (thrown
 * problems, 429 and 5xx) keep nothing, so the retry of a failed create runs again.
 */
export class IdempotencyStep {
  readonly #kept = new Map<string, Kept>(); // insertion order is age order
  readonly #keepMs: number;
  readonly #maxKept: number;
  readonly #now: () => number;

  constructor(options: IdempotencyOptions = {}) {
    this.#keepMs = options.keepMs ?? 24 * 60 * 60 * 1000;
    this.#maxKept = options.maxKept ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Forgets every kept answer (the mock server's `reset()`: the next test starts without replays). */
  clear(): void {
    this.#kept.clear();
  }

  async run(request: ApiRequest, caller: Caller, requestId: string, next: (request: ApiRequest) => Promise<ApiResponse>): Promise<ApiResponse> {
    const key = request.header(idempotencyKeyHeader);
    if (key === undefined || readOnlyMethods.has(request.method)) return next(request);
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
      header: (name) => request.header(name),
      readBody: async () => body,
    };
    const fingerprint = await fingerprintOf(request, body);
    // Keys of different credentials never meet.
    const id = `${credentialKey(caller)}\n${key}`;
    const now = this.#now();
    this.#forgetExpired(now);

    const kept = this.#kept.get(id);
    if (kept !== undefined) {
      if (kept.fingerprint !== fingerprint) {
        throw new ProblemError('idempotency_key_reused', 'this Idempotency-Key was used with another request (method, path, query or body); use a new key for a new request');
      }
      if (kept.answer === undefined) {
        throw new ProblemError('conflict', 'a request with this Idempotency-Key is still running; retry once it has finished', { headers: { 'retry-after': '1' } });
      }
      return replay(kept.answer, requestId);
    }

    const entry: Kept = { fingerprint, expiresAt: now + this.#keepMs, answer: undefined };
    this.#kept.set(id, entry);
    let answer: ApiResponse;
    try {
      answer = await next(replayable);
    } catch (error) {
      this.#kept.delete(id);
      throw error;
    }
    if (answer.status >= 500 || answer.status === 429) this.#kept.delete(id);
    else entry.answer = answer;
    return answer;
  }

  #forgetExpired(now: number): void {
    for (const [id, kept] of this.#kept) {
      const expired = kept.expiresAt <= now;
      if (!expired && this.#kept.size < this.#maxKept) break;
      // A running request keeps its key (it must answer 409 until it ends) unless it expired.
      if (kept.answer === undefined && !expired) continue;
      this.#kept.delete(id);
    }
  }
}

async function fingerprintOf(request: ApiRequest, body: BodyRead): Promise<string> {
  const head = new TextEncoder().encode(`${request.method} ${request.pathname}${request.search}\n`);
  const bytes = body.kind === 'bytes' ? body.bytes : new Uint8Array(0);
  const all = new Uint8Array(head.length + bytes.length + 1);
  all.set(head);
  all.set(bytes, head.length);
  // A body too large is fingerprinted as such; the operation refuses it with 413 anyway.
  all[all.length - 1] = body.kind === 'too-large' ? 1 : 0;
  return toHex(await crypto.subtle.digest('SHA-256', all));
}

/** The first answer again, under this request's id, marked as a replay. */
function replay(answer: ApiResponse, requestId: string): ApiResponse {
  return { status: answer.status, headers: { ...answer.headers, 'x-request-id': requestId, [idempotentReplayedHeader]: 'true' }, body: answer.body };
}
