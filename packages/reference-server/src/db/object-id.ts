import { randomHex } from '../domain/access/hex.js';

/** Random per process, as in MongoDB: tells apart ids made by different servers. */
const processPart = randomHex(5);
let counter = crypto.getRandomValues(new Uint32Array(1))[0]! & 0xffffff;

/**
 * A new MongoDB-style object id: 4 bytes of seconds, 5 random bytes of this process, a 3-byte
 * counter. Ids made later sort later, so that "then by id" keeps creation order.
 */
export function newObjectId(now: Date = new Date()): string {
  counter = (counter + 1) & 0xffffff;
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processPart + counter.toString(16).padStart(6, '0');
}
