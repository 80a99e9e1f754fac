import type { Database } from '../../db/database.js';
import type { ApiKeyRecord } from '../../db/models.js';
import { hashApiKey, isWellFormedApiKey, type ApiKeyHasher } from './api-keys.js';
import type { Caller } from './caller.js';
import type { IdentityProvider } from './identity-provider.js';
import { ProblemError } from '../operation/problems.js';
import { demoKeysOffDetail, isDemoApiKey } from './demo-keys.js';

/** Whether an API key (by record id) exists and is not revoked. */
export function isApiKeyActive(db: Database, apiKeyId: string): boolean {
  const record = db.apiKeys.get(apiKeyId);
  return record !== undefined && record.revokedAt === null;
}

/** Read access to request headers by lower-case name, whatever the binding. */
export type HeaderReader = (name: string) => string | undefined;

/** How often a key's `lastUsedAt` is written: per request would make every read a write. */
const lastUseResolutionMs = 1000;
/**
 * API keys whose digests are kept, all tenants together: a bound on memory (about 200 bytes a
 * key), not on anyone's access. A key pushed out is hashed again on its next request, nothing more.
 */
const maxCachedDigests = 4096;
/** A key seen lately: its digest, and the key record last found by it (checked before each use). */
interface KnownKey {
  digest: string;
  record: ApiKeyRecord | undefined;
}

/** A key record's `lastUsedAt` parsed to milliseconds, kept with the text it was parsed from: parsed once per write, not per request. */
const lastUseParsed = new WeakMap<ApiKeyRecord, { text: string; ms: number }>();

function unauthenticated(detail: string, tokenError = false): ProblemError {
  const challenge = tokenError ? 'Bearer realm="medsched", error="invalid_token"' : 'Bearer realm="medsched"';
  return new ProblemError('unauthenticated', detail, { headers: { 'www-authenticate': `${challenge}, ApiKey realm="medsched", header="x-api-key"` } });
}

/**
 * Resolves the credential of a request to its caller. Every failure is the same 401 to the
 * client (with a detail that says what to fix, never which part of a secret was wrong).
 */
export class Authenticator {
  /** Digests of keys seen lately, by the key as sent (see `#byApiKey`). */
  readonly #digests = new Map<string, KnownKey>();
  /** The caller last made for a key record (see `#fromRecord`); goes with the record. */
  readonly #callers = new WeakMap<ApiKeyRecord, Caller>();

  constructor(
    private readonly db: Database,
    private readonly identityProvider: IdentityProvider,
    private readonly hashKey: ApiKeyHasher = hashApiKey,
    /** Whether the published demo keys (`msk_demo_…`) are accepted; default true. */
    private readonly demoKeys = true,
  ) {}

  async authenticate(header: HeaderReader): Promise<Caller> {
    return this.authenticateNow(header);
  }

  /**
   * {@link authenticate} without a promise when nothing needs waiting for: an API key with a
   * synchronous hasher (the node:http server) whose `lastUsedAt` is recent enough is resolved
   * at once, so that a read by id runs without an async hop. Throws the 401 problem directly then.
   */
  authenticateNow(header: HeaderReader): Caller | Promise<Caller> {
    const apiKey = header('x-api-key');
    const authorization = header('authorization');
    if (apiKey === undefined && authorization === undefined) {
      throw unauthenticated('send an API key in x-api-key or a bearer token in Authorization');
    }
    if (authorization === undefined) return this.#byApiKey(apiKey!);
    return this.#withBearer(apiKey, authorization);
  }

  async #withBearer(apiKey: string | undefined, authorization: string): Promise<Caller> {
    const fromKey = apiKey === undefined ? undefined : await this.#byApiKey(apiKey);
    const fromToken = await this.#byBearer(authorization);
    if (fromKey && fromKey.account.id !== fromToken.account.id) {
      throw unauthenticated('x-api-key and the bearer token belong to different accounts; send one credential');
    }
    return fromKey ?? fromToken;
  }

  #byApiKey(given: string): Caller | Promise<Caller> {
    // A key seen lately skips the checks and the SHA-256 (about a microsecond a request): the
    // cache holds digests only of well-formed keys this authenticator accepts the form of.
    // Revocation and rotation need no invalidation here: the record is looked up by digest and
    // checked on every request, so a revoked or replaced key fails at once.
    const known = this.#digests.get(given);
    if (known !== undefined) {
      // The record last found for it, while the table still holds that very object (a write
      // replaces it: a revocation, or `lastUsedAt`), spares the lookup by digest.
      const record = known.record;
      if (record !== undefined && this.db.apiKeys.get(record.id) === record) return this.#fromRecord(record);
      return this.#byDigest(known);
    }
    const key = given.trim();
    if (!isWellFormedApiKey(key)) throw unauthenticated('the API key is malformed: keys look like msk_…');
    if (!this.demoKeys && isDemoApiKey(key)) throw unauthenticated(demoKeysOffDetail);
    // The node:http server's hasher is synchronous: no await (and no microtask) for it.
    const hashed = this.hashKey(key);
    if (typeof hashed !== 'string') return hashed.then((digest) => this.#byDigest({ digest, record: undefined }));
    const fresh: KnownKey = { digest: hashed, record: undefined };
    this.#remember(given, fresh);
    return this.#byDigest(fresh);
  }

  /** Keeps a key's digest, dropping the oldest past {@link maxCachedDigests}; only digests the hasher gave synchronously. */
  #remember(key: string, known: KnownKey): void {
    if (this.#digests.size >= maxCachedDigests) this.#digests.delete(this.#digests.keys().next().value!);
    this.#digests.set(key, known);
  }

  #byDigest(known: KnownKey): Caller | Promise<Caller> {
    const record = this.db.apiKeys.group('hash', known.digest)[0];
    known.record = record;
    return this.#fromRecord(record);
  }

  #fromRecord(record: ApiKeyRecord | undefined): Caller | Promise<Caller> {
    if (!record || record.revokedAt !== null) throw unauthenticated('the API key is unknown or revoked');
    // The caller made for this very key record, while its account and user are the records the
    // tables hold (a write replaces a record: a role change or a move is seen at once).
    let caller = this.#callers.get(record);
    if (caller === undefined || this.db.accounts.get(caller.account.id) !== caller.account || this.db.users.get(caller.user.id) !== caller.user) {
      caller = this.#callerOf(record.accountId, { kind: 'api-key', keyId: record.id });
      this.#callers.set(record, caller);
    }
    const noting = this.#noteUse(record);
    return noting ? noting.then(() => caller) : caller;
  }

  async #byBearer(authorization: string): Promise<Caller> {
    const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization.trim());
    if (!match) throw unauthenticated('the Authorization header must be "Bearer <token>"');
    const verified = await this.identityProvider.verifyAccessToken(match[1]!);
    if (!verified) throw unauthenticated('the bearer token is invalid or expired; sign in or refresh', true);
    // A token minted from an API key ends when that key is revoked.
    if (verified.apiKeyId !== undefined && !isApiKeyActive(this.db, verified.apiKeyId)) {
      throw unauthenticated('the API key this token was minted from has been revoked; sign in again', true);
    }
    const { subject } = verified;
    return this.#callerOf(subject, { kind: 'bearer', subject });
  }

  #callerOf(accountId: string, credential: Caller['credential']): Caller {
    const account = this.db.accounts.get(accountId);
    const user = account ? this.db.users.get(account.userId) : undefined;
    if (!account || !user) throw unauthenticated('the credential belongs to no account (deleted?)');
    return { account, user, organizationId: user.organization, role: user.role, credential };
  }

  /** Writes the key's `lastUsedAt` when it is older than the resolution; undefined when nothing is written. */
  #noteUse(record: ApiKeyRecord): Promise<unknown> | undefined {
    const now = Date.now();
    const text = record.lastUsedAt;
    if (text) {
      let last = lastUseParsed.get(record);
      if (last?.text !== text) lastUseParsed.set(record, (last = { text, ms: Date.parse(text) }));
      if (now - last.ms < lastUseResolutionMs) return undefined;
    }
    return this.db.apiKeys.update(record, (draft) => {
      draft.lastUsedAt = new Date(now).toISOString();
    });
  }
}
