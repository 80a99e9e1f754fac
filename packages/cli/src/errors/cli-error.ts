import { ExitCode } from './exit-codes.js';

/**
 * A failure the CLI itself detects (bad flag value, missing confirmation, no credential):
 * a value with an exit code and a message that says what to do next.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;

  constructor(message: string, exitCode: ExitCode, hint?: string) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** Invalid input caught before any request: exit 2. */
export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, ExitCode.usage, hint);
}
