import { usageError } from '../errors/cli-error.js';

/**
 * Asks before a destructive operation. Without a terminal there is nobody to ask, so
 * `--yes` is required: a script must say it means it (exit 2 otherwise).
 */
export async function confirmOrRefuse(question: string, options: { yes: boolean | undefined; interactive: boolean; what: string }): Promise<boolean> {
  if (options.yes) return true;
  if (!options.interactive) {
    throw usageError(`refusing to ${options.what} without confirmation: stdin is not a terminal`, 'pass --yes to confirm in scripts');
  }
  const { confirm } = await import('@inquirer/prompts');
  return confirm({ message: question, default: false });
}
