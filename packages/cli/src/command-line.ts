import { CommanderError } from 'commander';
import { reportError, wantsJsonErrors } from './errors/report-error.js';
import { ExitCode } from './errors/exit-codes.js';
import { buildProgram } from './program.js';
import { isPromptExit } from './input/prompt-context.js';
import { partialWriteLines, stoppedExitCode } from './errors/stop-report.js';
import { guardOutputStreams, writeStderr } from './errors/stream-failure.js';
import { reportInterruptionsAsJson } from './errors/interrupt-report.js';
import { cliProcess, runsInProcess } from './io/cli-process.js';

/** Commander has printed its own message for these; only the exit code is ours to set. */
function commanderExitCode(error: CommanderError): number {
  return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
}

async function parseAndRun(): Promise<void> {
  const debug = cliProcess().argv.includes('--debug');
  try {
    const program = await buildProgram(cliProcess().argv.slice(2));
    await program.parseAsync(cliProcess().argv);
  } catch (error) {
    if (isPromptExit(error)) {
      // Ctrl-C at a question: one line saying so (and what was written before, if anything), with the usual 130.
      const partial = partialWriteLines();
      cliProcess().stderr.write(`\nStopped at the question (Ctrl-C)${partial.length === 0 ? ': nothing was sent for it.' : '.'}\n${partial.length > 0 ? `${partial.join('\n')}\n` : ''}`);
      cliProcess().exitCode = ExitCode.interrupted;
      return;
    }
    if (error instanceof CommanderError) {
      cliProcess().exitCode = commanderExitCode(error);
      return;
    }
    const partial = partialWriteLines();
    const code = reportError(error, { debug, color: !cliProcess().argv.includes('--no-color'), json: wantsJsonErrors(cliProcess().argv), exitCode: stoppedExitCode });
    // Stopped after writing part of what was decided: say exactly what, and exit 9 so that a
    // script does not simply run the command again (and write twice).
    if (partial.length > 0 && !wantsJsonErrors(cliProcess().argv)) writeStderr(`${partial.join('\n')}\n`);
    cliProcess().exitCode = stoppedExitCode(code);
  }
}

/**
 * One run of the command line: the arguments, streams and exit code of `cliProcess()`. The exit
 * code is set on it (`exitCode`), never returned: the bin's process ends with it, the in-process
 * runner reads it.
 */
export async function runCommandLine(): Promise<void> {
  // A closed pipe (`medsched … | head`) or a full disk is not an error worth a stack trace.
  guardOutputStreams();
  // A Ctrl-C handler is the real process's: in-process runs get no signals.
  if (!runsInProcess()) reportInterruptionsAsJson();
  await parseAndRun();
}
