import { createStyle } from '../output/style.js';
import { showsColor } from '../output/terminal.js';
import { ExitCode } from './exit-codes.js';
import { wantsJsonErrors, writeJsonError } from './report-error.js';
import { partialWriteLines, stoppedExitCode } from './stop-report.js';
import { somethingWritten, writeJournal } from './write-journal.js';
import { cliProcess } from '../io/cli-process.js';

function style() {
  return createStyle(showsColor('stderr'));
}

/** What a Ctrl-C report says besides what was written: one sentence for people, the rest as lines. */
export interface Interruption {
  /** "Read 3 of 9 patients before it stopped: …", without the leading "Interrupted.". */
  message: string;
  /** Further lines of the plain report, e.g. "Nothing was written to the server; …". */
  lines: string[];
}

/**
 * Ends the run after a Ctrl-C, with 9 when something may have been written, else 130. Plain:
 * "Interrupted." and the lines on stderr. Under --json (and --jq, -o json|ndjson) one JSON line
 * on stderr instead, as every failure of such a run: `{"error":{"code":"interrupted",message,
 * hint,exitCode,written,unknown,notWritten}}`, so that a script reads what happened from the
 * same place whether the run failed or was stopped.
 */
export function endInterrupted(report: Interruption): never {
  const exitCode = stoppedExitCode(ExitCode.interrupted);
  if (wantsJsonErrors(cliProcess().argv)) {
    const message = [report.message, ...report.lines].filter((line) => line !== '').join(' ');
    const recovery = somethingWritten() ? writeJournal().recovery : undefined;
    writeJsonError({ code: 'interrupted', message: `Interrupted (Ctrl-C). ${message}`.trim(), hint: recovery, exitCode });
  } else {
    const lines = [report.message, ...report.lines].filter((line) => line !== '');
    if (lines.length > 0) cliProcess().stderr.write(`${style().red('Interrupted.')} ${lines.join('\n')}\n`);
  }
  return cliProcess().exit(exitCode);
}

/** Ctrl-C outside a question and outside a walk: says what was written (if anything) and ends with 9, or 130 when nothing was. */
export function onInterrupt(): void {
  // A spinner may be on the line: clear it, so the report starts on a clean line.
  cliProcess().stderr.write(cliProcess().stderr.isTTY ? '\r\u001b[2K' : '\n');
  if (wantsJsonErrors(cliProcess().argv)) {
    endInterrupted({ message: somethingWritten() ? 'What this command wrote before it stopped is in written and unknown.' : 'Nothing was written to the server.', lines: [] });
  }
  const lines = partialWriteLines();
  endInterrupted({ message: lines[0] ?? '', lines: lines.slice(1) });
}

/**
 * Under --json, Ctrl-C at any moment ends with the JSON report, not a bare signal death (which a
 * script reads as nothing at all). A command that registers its own report later (a walk, a
 * write) runs after this one, which then leaves the report to it.
 */
export function reportInterruptionsAsJson(): void {
  if (!wantsJsonErrors(cliProcess().argv)) return;
  const fallback = () => {
    if (cliProcess().listenerCount('SIGINT') > 1) return;
    onInterrupt();
  };
  cliProcess().on('SIGINT', fallback);
}
