import { randomHex } from './random-hex.js';

/**
 * A fresh idempotency key (`idk_` + 32 hex digits) for one create call: the same key goes with
 * every retry of that call, so the server answers a retry with the first answer instead of
 * creating twice.
 */
export function newIdempotencyKey(): string {
  return `idk_${randomHex(16)}`;
}

/** What the server accepts as a key: 1 to 255 printable ASCII characters, no spaces. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;
