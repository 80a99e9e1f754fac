/**
 * A fresh idempotency key (`idk_` + 32 hex digits) for one create call: the same key goes with
 * every retry of that call, so the server answers a retry with the first answer instead of
 * creating twice. Uses getRandomValues, which works in Node and in browsers, secure context or not.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `idk_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** What the server accepts as a key: 1 to 255 printable ASCII characters, no spaces. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;
