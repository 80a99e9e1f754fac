import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';

/** Writes all of `data` (writeSync may write less than asked). */
export function writeAll(fd: number, data: Uint8Array): void {
  let written = 0;
  while (written < data.length) written += writeSync(fd, data, written, data.length - written);
}

/** Makes a rename or a new file in `directory` durable. Windows cannot open directories: skipped there. */
export function fsyncDirectory(directory: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(directory, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
