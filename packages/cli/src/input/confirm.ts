import { usageError } from '../errors/cli-error.js';

/** Refuses early (exit 2) when a later question could not be asked: before anything else changes. */
export function assertConfirmable(options: { yes: boolean | undefined; interactive: boolean; what: string }): void {
  if (!options.yes && !options.interactive) {
    throw usageError(`refusing to ${options.what} without confirmation: stdin is not a terminal`, 'pass --yes to confirm in scripts');
  }
}
