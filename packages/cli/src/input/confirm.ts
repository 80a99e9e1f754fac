import { CliError, usageError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { openPromptTerminal } from './prompt-context.js';

/** Refuses early (exit 2) when a later question could not be asked: before anything else changes. */
export function assertConfirmable(options: { yes: boolean | undefined; interactive: boolean; what: string }): void {
  if (!options.yes && !options.interactive) {
    throw usageError(`refusing to ${options.what} without confirmation: stdin is not a terminal`, 'pass --yes to confirm in scripts');
  }
}

/**
 * Asks before a destructive operation, on the terminal (stderr or /dev/tty, never stdout). Without a terminal there is
 * nobody to ask, so `--yes` is required: a script must say it means it (exit 2 otherwise).
 * A "no" is not success: it throws exit 8 (declined), so `medsched unbake … && next-step`
 * stops. Ctrl-C at the question ends the run with 130 (see bin.ts).
 */
export async function confirmOrAbort(question: string, options: { yes: boolean | undefined; interactive: boolean; what: string }): Promise<void> {
  if (options.yes) return;
  assertConfirmable(options);
  const { confirm } = await import('@inquirer/prompts');
  const terminal = openPromptTerminal();
  let confirmed: boolean;
  try {
    confirmed = await confirm({ message: question, default: false }, terminal.context);
  } finally {
    terminal.close();
  }
  if (!confirmed) throw new CliError('Nothing changed: you answered no.', ExitCode.declined);
}
