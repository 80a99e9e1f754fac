/** Bytes as lower-case hex, two digits a byte. */
export function toHex(bytes: Uint8Array | ArrayBuffer): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `byteCount` random bytes as hex (Web Crypto), for secrets and keys. */
export function randomHex(byteCount: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(byteCount)));
}
