import { ExitCode } from './exit-codes.js';
import { partialWriteLines } from './stop-report.js';
import { somethingWritten } from './write-journal.js';
import { cliProcess, endsInvocation, invocationLocal } from '../io/cli-process.js';

/** Whether stderr failed in this invocation. */
const stderrState = invocationLocal(() => ({ lost: false }));

/** True once stderr failed (full disk, closed): nothing more is written there. */
export function stderrFailed(): boolean {
  return stderrState().lost;
}

/** Writes to stderr unless it failed; never throws (a report must not become a crash). */
export function writeStderr(text: string): void {
  if (stderrState().lost) return;
  try {
    cliProcess().stderr.write(text);
  } catch {
    stderrState().lost = true;
  }
}

/**
 * What a failing stdout or stderr does to a run (a closed pipe, EPIPE; a full disk, ENOSPC):
 * never a stack trace, and the exit code keeps telling whether anything was written to the
 * server. Stdout failing ends the run: 9 once a write was sent (what was stored is told on
 * stderr), 0 for a closed pipe of a read (`medsched … | head`), else 1. Stderr failing is
 * remembered and the run goes on: its notes are lost, its result and exit code are not.
 */
export function guardOutputStreams(): void {
  cliProcess().stdout.on(
    'error',
    endsInvocation((error: NodeJS.ErrnoException) => {
      const written = somethingWritten();
      if (error.code === 'EPIPE' && !written) cliProcess().exit(ExitCode.ok);
      const partial = partialWriteLines();
      writeStderr(
        `error: stdout failed (${error.code ?? error.message}): the output is incomplete.${written ? '' : ' Nothing was written to the server.'}\n${partial.length > 0 ? `${partial.join('\n')}\n` : ''}`,
      );
      cliProcess().exit(written ? ExitCode.partial : ExitCode.other);
    }),
  );
  const state = stderrState();
  cliProcess().stderr.on('error', () => {
    state.lost = true;
  });
}
