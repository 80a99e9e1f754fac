import { rmSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { cliProcess } from '../../io/cli-process.js';

/**
 * Writes a PDF whole or not at all: to a temporary file in the target's folder (so the rename
 * stays on one file system and is atomic), renamed once complete. A failure, `--timeout` (which
 * ends the process) or Ctrl-C never leaves half a PDF, under its name or any other. `-` is
 * stdout, written in one go once the bytes are all there.
 */
export async function writePdfWhole(out: string, bytes: Uint8Array): Promise<void> {
  if (out === '-') {
    await new Promise<void>((resolve, reject) => cliProcess().stdout.write(bytes, (error) => (error ? reject(error) : resolve())));
    return;
  }
  const partial = join(dirname(out), `.${basename(out)}.${process.pid}.partial`);
  // process.exit (the --timeout deadline) runs 'exit' listeners only: the partial file goes there.
  const removePartial = () => rmSync(partial, { force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    removePartial();
    cliProcess().exit(signal === 'SIGINT' ? ExitCode.interrupted : 128 + 15);
  };
  cliProcess().on('exit', removePartial);
  cliProcess().once('SIGINT', onSignal);
  cliProcess().once('SIGTERM', onSignal);
  try {
    await writeFile(partial, bytes);
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw new CliError(`could not write ${out}: ${(error as Error).message}`, ExitCode.other, 'check the folder exists and is writable, or give another --out');
  } finally {
    cliProcess().off('exit', removePartial);
    cliProcess().off('SIGINT', onSignal);
    cliProcess().off('SIGTERM', onSignal);
  }
}
