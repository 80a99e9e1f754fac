import { randomHex } from './random-hex.js';

/** A fresh request id (`req_` + 24 hex digits); works in Node and browsers, secure context or not. */
export function newRequestId(): string {
  return `req_${randomHex(12)}`;
}
