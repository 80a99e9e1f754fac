import type { Session } from '../client/session.js';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { assertConfirmable } from './confirm.js';
import { openPromptTerminal } from './prompt-context.js';

/**
 * Asks before a change to local files (a profile), on the terminal (stderr or /dev/tty); "no"
 * is exit 8. Without a terminal, --yes is required (exit 2).
 */
export async function confirmLocal(session: Session, question: string, options: { yes: boolean | undefined; what: string }): Promise<void> {
  if (options.yes) return;
  assertConfirmable({ yes: options.yes, interactive: session.terminal.stdinIsTTY, what: options.what });
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
