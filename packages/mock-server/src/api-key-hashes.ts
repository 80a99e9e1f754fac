import { hashApiKey } from '@medsched/reference-server';

/** SHA-256 of an API key, as the reference server's authenticator takes it. */
export type ApiKeyHasher = (key: string) => string | Promise<string>;

/** Tests use a handful of keys: more than this are forgotten and hashed again. */
const maxKept = 1024;

/**
 * The reference server's Web Crypto hash, remembered per key for the mock's life: every request
 * with an API key hashes it, and Web Crypto's digest is a round trip to another thread.
 */
export function rememberedApiKeyHashes(): ApiKeyHasher {
  const kept = new Map<string, Promise<string>>();
  return (key) => {
    let hash = kept.get(key);
    if (!hash) {
      if (kept.size >= maxKept) kept.clear();
      hash = hashApiKey(key);
      kept.set(key, hash);
      hash.catch(() => kept.delete(key));
    }
    return hash;
  };
}
