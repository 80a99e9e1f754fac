/**
 * WOFF 1.0 to a plain TrueType/OpenType font (https://www.w3.org/TR/WOFF/), with Web APIs only
 * (`DecompressionStream`). fontkit reads WOFF itself but inflates a table again on every read:
 * subsetting a font read each glyph from a freshly inflated `glyf` table, which made a week's
 * plan take hundreds of milliseconds. Inflated once here, the font is read in place.
 */

const woffSignature = 0x774f4646; // 'wOFF'

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  // WOFF tables are zlib streams: the 'deflate' format of the Compression Streams standard.
  const stream = new Blob([new Uint8Array(data)]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

interface Table {
  tag: number;
  checksum: number;
  data: Uint8Array;
}

/** The font inside a WOFF file, as the TrueType/OpenType file it was made from. */
export async function woffToSfnt(woff: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== woffSignature) throw new Error('font_not_woff: the font file is not WOFF 1.0');
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: Table[] = [];
  for (let index = 0; index < numTables; index++) {
    const at = 44 + index * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((field) => view.getUint32(at + field)) as [number, number, number, number, number];
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? await inflate(stored) : stored;
    if (data.length !== origLength) throw new Error(`font_table_length: table ${index} inflates to ${data.length} bytes, not ${origLength}`);
    tables.push({ tag, checksum, data });
  }

  // Offset table, then one record per table, then the tables, each on a 4-byte boundary.
  const headerLength = 12 + numTables * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const out = new Uint8Array(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const sfnt = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, numTables);
  sfnt.setUint16(6, searchRange);
  sfnt.setUint16(8, entrySelector);
  sfnt.setUint16(10, numTables * 16 - searchRange);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    sfnt.setUint32(record, table.tag);
    sfnt.setUint32(record + 4, table.checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, table.data.length);
    out.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return out;
}
