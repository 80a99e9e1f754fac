import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { RefreshFamilies } from './refresh-families.js';

/**
 * The simulated identity provider: signs short-lived access tokens and longer refresh tokens
 * (HS256) for accounts. `sub` is the account id. The key comes from a configured secret, or
 * is random per start (tokens then die with the server, like a rotated signing key).
 */
export interface IdentityProviderOptions {
  /** Signing secret (at least 32 characters); random when absent. */
  secret?: string | undefined;
  issuer?: string;
  audience?: string;
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: () => number;
}

/** How far in the future `iat` may be (a clock a little ahead of ours): small clock skew only. */
export const clockSkewSeconds = 60;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  /** Lifetime of the access token in seconds. */
  expiresIn: number;
}

/** Tokens carry `token_use` so that a refresh token never passes as an access token. */
type TokenUse = 'access' | 'refresh';

export const defaultAccessTtlSeconds = 3600;
export const maxAccessTtlSeconds = 7 * 86_400;
export const refreshTtlSeconds = 30 * 86_400;

export class IdentityProvider {
  readonly issuer: string;
  readonly audience: string;
  readonly #key: Uint8Array;
  readonly #now: () => number;
  readonly #families: RefreshFamilies;

  constructor(options: IdentityProviderOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#families = new RefreshFamilies(Math.floor(this.#now() / 1000));
    this.issuer = options.issuer ?? 'https://idp.medsched.local/';
    this.audience = options.audience ?? 'https://api.medsched.local/v1';
    if (options.secret !== undefined && options.secret.length < 32) {
      throw new Error('the token signing secret must have at least 32 characters');
    }
    // Uint8Array.from: a test environment's TextEncoder (jsdom's) may return another realm's bytes, which jose refuses.
    this.#key = options.secret ? Uint8Array.from(new TextEncoder().encode(options.secret)) : crypto.getRandomValues(new Uint8Array(32));
  }

  /**
   * A token pair for an account. `apiKeyId`, when the sign-in was proven with an API key, goes
   * into both tokens (claim `key`): revoking that key ends them (the authenticator checks).
   */
  async issue(accountId: string, accessTtlSeconds = defaultAccessTtlSeconds, options: { apiKeyId?: string | undefined } = {}): Promise<TokenPair> {
    const family = crypto.randomUUID();
    const jti = crypto.randomUUID();
    this.#families.start(family, accountId, jti);
    return this.#pair(accountId, accessTtlSeconds, options.apiKeyId, family, jti);
  }

  /** Signs an access token and the family's refresh token `jti`. */
  async #pair(accountId: string, accessTtlSeconds: number, apiKeyId: string | undefined, family: string, jti: string): Promise<TokenPair> {
    // A lifetime is never longer than the maximum, whoever asks (the refresh of an older token included).
    // (A negative lifetime stays: the mock server mints expired tokens on purpose.)
    accessTtlSeconds = Math.min(accessTtlSeconds, maxAccessTtlSeconds);
    const key = apiKeyId === undefined ? {} : { key: apiKeyId };
    return {
      accessToken: await this.#sign(accountId, 'access', accessTtlSeconds, { fam: family, ...key }, crypto.randomUUID()),
      refreshToken: await this.#sign(accountId, 'refresh', refreshTtlSeconds, { access_ttl: accessTtlSeconds, fam: family, ...key }, jti),
      tokenType: 'Bearer',
      expiresIn: accessTtlSeconds,
    };
  }

  /** The account id of a valid access token, or undefined for anything else. */
  async verifyAccess(token: string): Promise<string | undefined> {
    return (await this.verifyAccessToken(token))?.subject;
  }

  /** The account id of a valid access token and the API key it was minted from, if any. */
  async verifyAccessToken(token: string): Promise<{ subject: string; apiKeyId: string | undefined } | undefined> {
    const payload = await this.#verify(token, 'access');
    if (!payload?.sub) return undefined;
    // A family revoked after a refresh token's reuse takes its access tokens along.
    if (typeof payload.fam === 'string' && this.#families.revoked(payload.fam)) return undefined;
    return { subject: payload.sub, apiKeyId: typeof payload.key === 'string' ? payload.key : undefined };
  }

  /** A new token pair for a valid refresh token (same access lifetime as the original sign-in). */
  async refresh(refreshToken: string, isKeyActive: (apiKeyId: string) => boolean = () => true): Promise<TokenPair | undefined> {
    const payload = await this.#verify(refreshToken, 'refresh');
    if (!payload?.sub) return undefined;
    const apiKeyId = typeof payload.key === 'string' ? payload.key : undefined;
    // A refresh token minted from an API key dies with the key.
    if (apiKeyId !== undefined && !isKeyActive(apiKeyId)) return undefined;
    const ttl = typeof payload.access_ttl === 'number' ? payload.access_ttl : defaultAccessTtlSeconds;
    // Single use: the next refresh token of the family replaces this one; a second use revokes the family.
    if (typeof payload.fam !== 'string' || typeof payload.jti !== 'string') return undefined;
    const next = crypto.randomUUID();
    if (this.#families.use(payload.fam, payload.sub, payload.jti, payload.iat!, next) !== 'ok') return undefined;
    return this.#pair(payload.sub, ttl, apiKeyId, payload.fam, next);
  }

  async #sign(subject: string, use: TokenUse, ttlSeconds: number, extra: Record<string, unknown>, jti: string): Promise<string> {
    const now = Math.floor(this.#now() / 1000);
    return new SignJWT({ token_use: use, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .setJti(jti)
      .sign(this.#key);
  }

  async #verify(token: string, use: TokenUse): Promise<JWTPayload | undefined> {
    try {
      // algorithms pins HS256: `alg: none` and any other algorithm fail here.
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        // No tolerance for `exp` and `nbf` (a token is never stretched past its end); `iat` below.
        currentDate: new Date(this.#now()),
      });
      if (payload.token_use !== use) return undefined;
      // Small clock skew only: issued in the future beyond it, or a lifetime over the maximum this
      // provider mints, is not a token it made (`nbf` in the future jose refuses itself).
      const now = this.#now() / 1000;
      const { iat, nbf, exp } = payload as { iat: number; nbf?: number; exp: number };
      if (iat > now + clockSkewSeconds || (nbf !== undefined && nbf > now + clockSkewSeconds)) return undefined;
      if (exp - iat > (use === 'access' ? maxAccessTtlSeconds : refreshTtlSeconds)) return undefined;
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
