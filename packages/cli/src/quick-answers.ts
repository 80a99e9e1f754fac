import { readFileSync } from 'node:fs';
import { version } from './version.js';
import { ExitCode } from './errors/exit-codes.js';
import { staticHelpFile, staticHelpStream } from './static-help.js';
import { cliProcess, type OutputStream } from './io/cli-process.js';

/**
 * Answers `--version` and the top-level help without the command tree or what it imports; false
 * for every other command line (the command tree answers it). Used by the bin before it loads
 * main.js, and by the in-process runner, so that both answer alike.
 */
export function answerWithoutCommands(args: readonly string[]): boolean {
  const current = cliProcess();
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
    current.stdout.write(`${version}\n`);
    return true;
  }
  const helpStream = staticHelpStream(args);
  if (helpStream === undefined || !printStaticHelp(helpStream)) return false;
  // Without arguments, commander prints the help to stderr and it is a usage error (2).
  if (helpStream === current.stderr) current.exitCode = ExitCode.usage;
  return true;
}

/**
 * Prints the top-level help that the build saved (commander's own output at 80 columns, see
 * static-help.ts) without loading commander. False when there is none (during the build that
 * makes it), so that commander prints it.
 */
function printStaticHelp(stream: OutputStream): boolean {
  let text: string;
  try {
    // Beside the built file that runs this (dist/bin.js, or a chunk of dist/ in-process).
    text = readFileSync(new URL(staticHelpFile, import.meta.url), 'utf8');
  } catch {
    return false;
  }
  stream.write(text);
  return true;
}
