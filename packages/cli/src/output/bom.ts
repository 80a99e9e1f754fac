import { fstatSync, readlinkSync } from 'node:fs';

/**
 * Whether CSV starts with a UTF-8 byte order mark: `--bom` / `--no-bom` when given; otherwise
 * yes when stdout is a file whose name ends in `.csv` (`medsched … --output csv > week.csv`),
 * the file a spreadsheet will open, and no on a pipe, where the next program reads UTF-8 anyway.
 * The file name is read from /proc (Linux); elsewhere pass --bom.
 */
export function wantsBom(flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  try {
    if (!fstatSync(1).isFile()) return false;
    return /\.csv$/i.test(readlinkSync('/proc/self/fd/1'));
  } catch {
    return false;
  }
}
