import { createStyle } from '../output/style.js';
import { showsColor } from '../output/terminal.js';
import { ExitCode } from './exit-codes.js';
import { describeJournal, somethingWritten, writeJournal } from './write-journal.js';

function style() {
  return createStyle(showsColor('stderr'));
}

/**
 * The lines that say what this run wrote before it stopped, and what to do about it; empty
 * when nothing was sent. Used after a failure, a Ctrl-C and the --timeout deadline alike.
 */
export function partialWriteLines(): string[] {
  // Nothing sent, or the first write refused: nothing changed, and the error says it all.
  if (!somethingWritten()) return [];
  const { recovery } = writeJournal();
  const lines = ['What this command wrote before it stopped:', ...describeJournal()];
  if (recovery !== undefined) lines.push(style().dim(`hint: ${recovery}`));
  return lines;
}

/** The exit code of a run that stopped: `partial` (9) once anything may have been written, else `fallback`. */
export function stoppedExitCode(fallback: ExitCode): ExitCode {
  return somethingWritten() ? ExitCode.partial : fallback;
}
