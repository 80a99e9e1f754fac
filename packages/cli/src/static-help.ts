import { cliProcess, type OutputStream } from './io/cli-process.js';

/**
 * `medsched`, `medsched --help` and `medsched -h` print the same top-level help every time. The
 * build saves commander's output for it (tsup.config.ts runs the built CLI once, before this file
 * exists), and bin.ts prints that file without loading commander and the command index: about a
 * fifth of the start-up of `--help`. A test checks the file equals what commander prints.
 */

/** The saved help, next to bin.js in dist/. */
export const staticHelpFile = './top-level-help.txt';

/** The width the saved help is wrapped at: commander's when the output is not a terminal. */
export const staticHelpWidth = 80;

/**
 * Where the saved help may be printed for these arguments, or undefined where commander must
 * print it: any other arguments, or a terminal that is not 80 columns wide (commander wraps to
 * the terminal's width). Help goes to stdout; without arguments commander prints it to stderr.
 */
export function staticHelpStream(args: readonly string[]): OutputStream | undefined {
  const stream = args.length === 0 ? cliProcess().stderr : args.length === 1 && (args[0] === '--help' || args[0] === '-h') ? cliProcess().stdout : undefined;
  if (stream === undefined) return undefined;
  return stream.isTTY === true && stream.columns !== staticHelpWidth ? undefined : stream;
}
