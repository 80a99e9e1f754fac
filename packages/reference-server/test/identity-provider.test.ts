import fc from 'fast-check';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { clockSkewSeconds, IdentityProvider, maxAccessTtlSeconds, refreshTtlSeconds } from '../src/domain/access/identity-provider.js';

/**
 * Token claims and refresh rotation (issue 33), on a pinned clock: `iat` in the future
 * beyond a small skew, `nbf` in the future, and lifetimes over the maximum are refused even when correctly signed;
 * a refresh token works once, and its reuse revokes its family (OAuth 2.0 Security BCP).
 */

const secret = 'identity-provider-test-secret-0123456789';
const nowMs = Date.UTC(2026, 5, 1, 12);
const nowSeconds = nowMs / 1000;
const provider = () => new IdentityProvider({ secret, now: () => nowMs });

/** A token signed with the provider's secret and whatever claims the test chooses. */
function forged(claims: { iat: number; exp: number; nbf?: number; use?: string }): Promise<string> {
  const jwt = new SignJWT({ token_use: claims.use ?? 'access', ...(claims.nbf === undefined ? {} : { nbf: claims.nbf }) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('64d006000000000000000001')
    .setIssuer('https://idp.medsched.local/')
    .setAudience('https://api.medsched.local/v1')
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .setJti(crypto.randomUUID());
  return jwt.sign(new TextEncoder().encode(secret));
}

describe('access token claims', () => {
  it('accepts a token issued now or within the skew, refuses iat or nbf beyond it and lifetimes over the maximum', async () => {
    const idp = provider();
    expect(await idp.verifyAccess(await forged({ iat: nowSeconds, exp: nowSeconds + 60 }))).toBeDefined();
    expect(await idp.verifyAccess(await forged({ iat: nowSeconds + clockSkewSeconds, exp: nowSeconds + 120 }))).toBeDefined();
    expect(await idp.verifyAccess(await forged({ iat: nowSeconds + 3600, exp: nowSeconds + 7200 }))).toBeUndefined();
    expect(await idp.verifyAccess(await forged({ iat: nowSeconds, nbf: nowSeconds + 3600, exp: nowSeconds + 7200 }))).toBeUndefined();
    expect(await idp.verifyAccess(await forged({ iat: nowSeconds, exp: nowSeconds + 100 * 365 * 86_400 }))).toBeUndefined();
    expect(await idp.verifyAccess(await forged({ iat: nowSeconds - 120, exp: nowSeconds - 1 }))).toBeUndefined();
    expect(await idp.verifyAccess(await forged({ iat: nowSeconds, nbf: nowSeconds + 1, exp: nowSeconds + 60 }))).toBeUndefined();
  });

  it('generated claims: accepted exactly when within the skew and the maximum lifetime', async () => {
    const idp = provider();
    const offset = fc.integer({ min: -400 * 86_400, max: 400 * 86_400 });
    await fc.assert(
      fc.asyncProperty(offset, fc.integer({ min: -86_400, max: 200 * 86_400 }), fc.option(offset, { nil: undefined }), async (iatOffset, lifetime, nbfOffset) => {
        const iat = nowSeconds + iatOffset;
        const exp = iat + lifetime;
        const nbf = nbfOffset === undefined ? undefined : nowSeconds + nbfOffset;
        const valid = iat <= nowSeconds + clockSkewSeconds && (nbf === undefined || nbf <= nowSeconds) && exp > nowSeconds && exp - iat <= maxAccessTtlSeconds;
        const subject = await idp.verifyAccess(await forged({ iat, exp, ...(nbf === undefined ? {} : { nbf }) }));
        expect(subject !== undefined, JSON.stringify({ iatOffset, lifetime, nbfOffset })).toBe(valid);
      }),
      { numRuns: 300 },
    );
  });

  it('mints no token longer than the maximum, whatever is asked', async () => {
    const pair = await provider().issue('64d006000000000000000001', 100 * 365 * 86_400);
    expect(pair.expiresIn).toBe(maxAccessTtlSeconds);
    const [, payload] = pair.refreshToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(refreshTtlSeconds);
  });
});

describe('refresh tokens', () => {
  it('work once; a reuse revokes the family: its newest refresh and access tokens too', async () => {
    const idp = provider();
    const first = await idp.issue('64d006000000000000000001', 600);
    const second = await idp.refresh(first.refreshToken);
    expect(second).toBeDefined();
    expect(await idp.verifyAccess(second!.accessToken)).toBe('64d006000000000000000001');
    // The first refresh token again: a copy in another hand. Nothing is issued, and the family ends.
    expect(await idp.refresh(first.refreshToken)).toBeUndefined();
    expect(await idp.refresh(second!.refreshToken)).toBeUndefined();
    expect(await idp.verifyAccess(second!.accessToken)).toBeUndefined();
    expect(await idp.verifyAccess(first.accessToken)).toBeUndefined();
    // Another sign-in is another family, untouched.
    const other = await idp.issue('64d006000000000000000001', 600);
    expect(await idp.refresh(other.refreshToken)).toBeDefined();
  });

  it('a token minted before this provider started (a restart with the same secret) is taken once, then rotates', async () => {
    const before = new IdentityProvider({ secret, now: () => nowMs - 3_600_000 });
    const old = await before.issue('64d006000000000000000001', 600);
    const restarted = provider();
    const rotated = await restarted.refresh(old.refreshToken);
    expect(rotated).toBeDefined();
    expect(await restarted.refresh(old.refreshToken)).toBeUndefined();
    expect(await restarted.verifyAccess(rotated!.accessToken)).toBeUndefined();
  });
});
