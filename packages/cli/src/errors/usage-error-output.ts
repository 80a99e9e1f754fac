import { ExitCode } from './exit-codes.js';
import { wantsJsonErrors, writeJsonError } from './report-error.js';
import { cliProcess } from '../io/cli-process.js';

/**
 * Commander's own usage errors (an unknown option or command, a missing argument): as commander
 * writes them, or, in a run that asked for JSON, the one JSON line on stderr that every other
 * failure of such a run is, so that a script reads a misspelt flag as it reads any failure.
 * Commander's "(Did you mean …?)" becomes the hint.
 */
export function writeUsageError(text: string, write: (text: string) => void): void {
  if (!wantsJsonErrors(cliProcess().argv)) {
    write(text);
    return;
  }
  const [first = '', ...rest] = text.trim().split('\n');
  const suggestion = rest.join(' ').trim();
  writeJsonError({
    code: 'usage',
    message: first.replace(/^error: /, ''),
    hint: suggestion === '' ? 'see `medsched --help`, or --help after the command' : suggestion.replace(/^\((.*)\)$/, '$1'),
    exitCode: ExitCode.usage,
  });
}
