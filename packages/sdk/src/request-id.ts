/** A fresh request id (`req_` + 24 hex digits); works in Node and browsers, secure context or not. */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `req_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
