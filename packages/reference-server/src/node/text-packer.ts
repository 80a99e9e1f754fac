import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { TextPacker } from '../pipeline/compact-body.js';

/** Characters compressed at a time: the input, output and zlib state of one piece stay small (under 128 KiB each). */
const pieceChars = 16 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The node:http server's {@link TextPacker}: raw deflate, synchronously on the main thread, one
 * piece of the text at a time (an event-loop turn between pieces, so that other requests are not
 * held up), each piece kept as a latin1 string of its compressed bytes. Everything it allocates
 * outside the JavaScript heap is small and freed at once; Web `CompressionStream` ran zlib on the
 * thread pool (each thread with its own malloc arena) and left the answer in malloc'd buffers.
 */
export const zlibTextPacker: TextPacker = {
  async pack(text) {
    const pieces: string[] = [];
    for (let from = 0; from < text.length; ) {
      let end = Math.min(from + pieceChars, text.length);
      // Each piece is whole UTF-8 on its own: a surrogate pair stays in one piece.
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
      if (from > 0) await nextTurn();
      pieces.push(deflateRawSync(text.slice(from, end)).toString('latin1'));
      from = end;
    }
    return pieces;
  },
  async unpack(pieces) {
    const texts: string[] = [];
    for (const [index, piece] of pieces.entries()) {
      if (index > 0) await nextTurn();
      texts.push(inflateRawSync(Buffer.from(piece, 'latin1')).toString('utf8'));
    }
    return texts.join('');
  },
};
