import { CommanderError } from 'commander';
import { reportError, wantsJsonErrors } from './errors/report-error.js';
import { ExitCode } from './errors/exit-codes.js';
import { buildProgram } from './program.js';
import { isPromptExit } from './input/prompt-context.js';
import { partialWriteLines, stoppedExitCode } from './errors/stop-report.js';
import { guardOutputStreams, writeStderr } from './errors/stream-failure.js';
import { reportInterruptionsAsJson } from './errors/interrupt-report.js';

/** Commander has printed its own message for these; only the exit code is ours to set. */
function commanderExitCode(error: CommanderError): number {
  return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
}

async function main(): Promise<void> {
  const debug = process.argv.includes('--debug');
  try {
    const program = await buildProgram(process.argv.slice(2));
    await program.parseAsync(process.argv);
  } catch (error) {
    if (isPromptExit(error)) {
      // Ctrl-C at a question: one line saying so (and what was written before, if anything), with the usual 130.
      const partial = partialWriteLines();
      process.stderr.write(`\nStopped at the question (Ctrl-C)${partial.length === 0 ? ': nothing was sent for it.' : '.'}\n${partial.length > 0 ? `${partial.join('\n')}\n` : ''}`);
      process.exitCode = ExitCode.interrupted;
      return;
    }
    if (error instanceof CommanderError) {
      process.exitCode = commanderExitCode(error);
      return;
    }
    const partial = partialWriteLines();
    const code = reportError(error, { debug, color: !process.argv.includes('--no-color'), json: wantsJsonErrors(process.argv), exitCode: stoppedExitCode });
    // Stopped after writing part of what was decided: say exactly what, and exit 9 so that a
    // script does not simply run the command again (and write twice).
    if (partial.length > 0 && !wantsJsonErrors(process.argv)) writeStderr(`${partial.join('\n')}\n`);
    process.exitCode = stoppedExitCode(code);
  }
}

// A closed pipe (`medsched … | head`) or a full disk is not an error worth a stack trace.
guardOutputStreams();
reportInterruptionsAsJson();

await main();
