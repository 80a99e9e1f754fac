/** A new MongoDB-style object id: 4 bytes of seconds since the epoch, then 8 random bytes. */
export function newObjectId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000).toString(16).padStart(8, '0');
  const random = crypto.getRandomValues(new Uint8Array(8));
  let tail = '';
  for (const byte of random) tail += byte.toString(16).padStart(2, '0');
  return seconds + tail;
}
