/**
 * Answer bodies kept for replay, stored compactly: a large body is gzipped (Web
 * `CompressionStream`, so this runs in Node and in a browser's service worker alike), or, given
 * a {@link TextPacker} (the node:http server), a large text is packed into strings. JSON
 * answers shrink several times over; what does not shrink is kept as UTF-8 bytes, never as a
 * UTF-16 string, so a stored body costs at most its size on the wire.
 */
export type CompactBody =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array; text: boolean }
  | { kind: 'gzip'; bytes: Uint8Array; text: boolean }
  | { kind: 'packed'; pieces: string[]; bytes: number };

/**
 * Compresses text into strings of one byte per character (kept in the JavaScript heap, which
 * gives its memory back to the system after collection) and back. The node:http server gives one
 * (node/text-packer.ts): gzip through the Web `CompressionStream` leaves each kept answer in one
 * buffer outside the heap, held for hours among short-lived ones, which glibc's malloc then
 * cannot give back after a flood of large answers.
 */
export interface TextPacker {
  pack(text: string): Promise<string[]>;
  unpack(pieces: readonly string[]): Promise<string>;
}

/** Bodies below this many characters are kept as they are: compressing them saves little. */
const compressFrom = 4 * 1024;

/**
 * The bytes through a (de)compression stream, written in and read out directly: no Blob or
 * Response around them (each of which held another copy of the body), one copy of the output.
 * A reader loop rather than `for await`, which Safari's streams lack (this runs in a service worker too).
 */
async function throughStream(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  const written = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  // A failed write also fails the read below; this only keeps it from being reported as unhandled.
  written.catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  await written;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The body in its compact form: text through `packer` where one is given, else gzip. */
export async function compactBody(body: string | Uint8Array | undefined, packer?: TextPacker): Promise<CompactBody> {
  if (body === undefined) return { kind: 'none' };
  if (typeof body === 'string' && body.length < compressFrom) return { kind: 'text', text: body };
  if (typeof body === 'string' && packer) {
    const pieces = await packer.pack(body);
    let bytes = 0;
    for (const piece of pieces) bytes += piece.length;
    return bytes < body.length ? { kind: 'packed', pieces, bytes } : { kind: 'text', text: body };
  }
  const text = typeof body === 'string';
  const bytes = text ? new TextEncoder().encode(body) : body;
  const gzipped = await throughStream(bytes, new CompressionStream('gzip'));
  return gzipped.length < bytes.length ? { kind: 'gzip', bytes: gzipped, text } : { kind: 'bytes', bytes: text ? bytes : bytes.slice(), text };
}

/** The body as it was given to `compactBody` (with the same `packer`). */
export async function expandBody(body: CompactBody, packer?: TextPacker): Promise<string | Uint8Array | undefined> {
  switch (body.kind) {
    case 'packed':
      if (!packer) throw new Error('a packed body needs its packer');
      return packer.unpack(body.pieces);
    case 'none':
      return undefined;
    case 'text':
      return body.text;
    case 'bytes':
      return body.text ? new TextDecoder().decode(body.bytes) : body.bytes.slice();
    case 'gzip': {
      const bytes = await throughStream(body.bytes, new DecompressionStream('gzip'));
      return body.text ? new TextDecoder().decode(bytes) : bytes;
    }
  }
}

/** What the kept body costs in memory, in bytes (a short string counted at two bytes a character). */
export function compactBodyBytes(body: CompactBody): number {
  switch (body.kind) {
    case 'none':
      return 0;
    case 'text':
      return body.text.length * 2;
    case 'packed':
      return body.bytes + body.pieces.length * 16;
    default:
      return body.bytes.byteLength;
  }
}
