/** Two hex digits for each byte value, so that a byte costs one lookup. */
const hexOfByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * Random bytes drawn from getRandomValues a few kilobytes at a time: one call per id cost more
 * than the rest of an SDK call's own work together (bench/sdk.mjs, --cpu-prof), and the ids
 * are not secrets, only unique. getRandomValues works in Node and browsers, secure context or not.
 */
const pool = new Uint8Array(4096);
let used = pool.length;

/** `bytes` random bytes as lower-case hex (`2 * bytes` digits); `bytes` at most 4096. */
export function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  let hex = '';
  for (let end = used + bytes; used < end; used++) hex += hexOfByte[pool[used]!];
  return hex;
}
