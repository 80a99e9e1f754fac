const nonAscii = /[^\x00-\x7f]/;

/**
 * UTF-8 length of a string without encoding it (Web APIs only: this runs in browsers too), as
 * `TextEncoder` would encode it: a surrogate pair is 4 bytes for 2 code units, a lone surrogate
 * becomes U+FFFD, 3 bytes. Exact, so that it can be a `content-length`.
 */
export function utf8Length(text: string): number {
  // Most records and answers are ASCII: one byte a character, found by one native scan.
  if (!nonAscii.test(text)) return text.length;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
