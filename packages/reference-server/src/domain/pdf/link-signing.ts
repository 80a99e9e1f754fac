/**
 * Signed links: an expiry and an HMAC-SHA256 signature over method, path and expiry, so a
 * link works without a credential until it expires and any changed byte invalidates it.
 * Web Crypto only, so the same code runs in msw, a browser worker and the Node server.
 */

const encoder = new TextEncoder();

function toBase64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // A length of 4n+1 is no base64 at all (atob would throw).
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // Only the canonical spelling: atob ignores the unused low bits of the last character, so
  // without this check several signatures (one changed byte apart) would be accepted.
  return toBase64Url(bytes.buffer) === text ? bytes : undefined;
}

/** A signing key derived from a secret string. */
export async function importSigningKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** What a signature covers; the path includes its query string (less the signature). */
function message(method: string, pathWithQuery: string, expires: number): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${method.toUpperCase()}\n${pathWithQuery}\n${expires}`);
}

/** The signature of a link, base64url. */
export async function signLink(key: CryptoKey, method: string, pathWithQuery: string, expires: number): Promise<string> {
  return toBase64Url(await crypto.subtle.sign('HMAC', key, message(method, pathWithQuery, expires)));
}

export type LinkCheck = { ok: true } | { ok: false; reason: 'expired' | 'bad_signature' };

/**
 * Verifies a link. `crypto.subtle.verify` compares the MAC in constant time, so the check
 * leaks nothing about how much of a forged signature was right.
 */
export async function verifyLink(key: CryptoKey, method: string, pathWithQuery: string, expires: string, signature: string, now = Date.now()): Promise<LinkCheck> {
  const bytes = fromBase64Url(signature);
  // The expiry as written in the link: only the canonical spelling of the signed number, so
  // `0`-prefixed or otherwise re-spelled copies of a link do not verify.
  const seconds = Number(expires);
  if (!bytes || !Number.isSafeInteger(seconds) || String(seconds) !== expires) return { ok: false, reason: 'bad_signature' };
  const valid = await crypto.subtle.verify('HMAC', key, bytes, message(method, pathWithQuery, seconds));
  if (!valid) return { ok: false, reason: 'bad_signature' };
  if (seconds * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true };
}
