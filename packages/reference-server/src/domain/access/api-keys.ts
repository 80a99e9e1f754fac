/** API keys: `msk_` + random characters; only the SHA-256 hash of a key is stored. */
import { randomHex, toHex } from './hex.js';

const keyPattern = /^msk_[A-Za-z0-9_]{8,200}$/;

export const isWellFormedApiKey = (key: string): boolean => keyPattern.test(key);

/**
 * Computes the SHA-256 hex digest of a key. The default uses Web Crypto; the node:http server
 * passes node:crypto's synchronous hash, which costs a fraction of `crypto.subtle.digest` (an
 * async job on the thread pool) on the per-request hot path. Both give the same digest.
 */
export type ApiKeyHasher = (key: string) => string | Promise<string>;

export async function hashApiKey(key: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
}

/** A fresh key with 192 bits of randomness (base62 would be shorter; hex keeps it copy-safe). */
export function generateApiKey(): string {
  return `msk_${randomHex(24)}`;
}

/** What is shown of a key in listings: enough to recognise it, too little to use it. */
export const apiKeyPrefix = (key: string): string => `${key.slice(0, 12)}…`;
