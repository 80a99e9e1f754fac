import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync } from 'node:zlib';
import type { TextPacker } from '../pipeline/compact-body.js';

const deflateRawAsync = promisify(deflateRaw);

/**
 * Characters compressed at a time: the UTF-8 input (at most 96 KiB), the output and each
 * allocation of zlib's state stay under glibc's mmap threshold (128 KiB), freed as soon as the
 * piece is done.
 */
const pieceChars = 32 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The node:http server's {@link TextPacker}: raw deflate (on Node's thread pool, as
 * `CompressionStream` did) one piece of the text at a time, each piece kept as a latin1 string
 * of its compressed bytes, in the JavaScript heap. `CompressionStream` left each kept answer in
 * one malloc'd buffer of its whole compressed size, held up to 24 hours between the short-lived
 * buffers of later requests, so that glibc's malloc could not give their memory back after a
 * flood. Unpacking is synchronous and small (a replay, one piece at a time).
 */
export const zlibTextPacker: TextPacker = {
  async pack(text) {
    const pieces: string[] = [];
    for (let from = 0; from < text.length;) {
      let end = Math.min(from + pieceChars, text.length);
      // Each piece is whole UTF-8 on its own: a surrogate pair stays in one piece.
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
      pieces.push((await deflateRawAsync(text.slice(from, end))).toString('latin1'));
      from = end;
    }
    return pieces;
  },
  // oxlint-disable-next-line typescript/require-await -- inflating can throw: the caller must get that as a rejection, as from any unpack
  async unpack(pieces) {
    return pieces.map((piece) => inflateRawSync(Buffer.from(piece, 'latin1')).toString('utf8')).join('');
  },
};
