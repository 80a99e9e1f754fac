import { createHash } from 'node:crypto';

/**
 * One line of a data file: `<checksum> <json>\n`, the checksum being the first 16 hex digits
 * of the SHA-256 of the JSON's UTF-8 bytes. JSON never holds a raw newline, so lines split on
 * `\n`; a changed, cut or garbled line fails its checksum.
 */
const checksumLength = 16;

const checksumOf = (payload: Uint8Array): string => createHash('sha256').update(payload).digest('hex').slice(0, checksumLength);

export function encodeLine(value: unknown): Buffer {
  const payload = Buffer.from(JSON.stringify(value), 'utf8');
  return Buffer.concat([Buffer.from(`${checksumOf(payload)} `, 'latin1'), payload, Buffer.from('\n', 'latin1')]);
}

/** The value of one line (without its `\n`), or the reason it is not a sound line. */
export function decodeLine(line: Buffer): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (line.length <= checksumLength + 1 || line[checksumLength] !== 0x20) return { ok: false, reason: 'not a "<checksum> <json>" line' };
  const payload = line.subarray(checksumLength + 1);
  if (line.toString('latin1', 0, checksumLength) !== checksumOf(payload)) {
    return { ok: false, reason: 'checksum mismatch: the line was changed or damaged after it was written' };
  }
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) };
  } catch (error) {
    return { ok: false, reason: `checksum matches but the JSON does not parse (${(error as Error).message})` };
  }
}
