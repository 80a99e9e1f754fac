import { ExitCode } from '../errors/exit-codes.js';
import { partialWriteLines, stoppedExitCode } from '../errors/stop-report.js';
import { wantsJsonErrors, writeErrorLines, writeJsonError } from '../errors/report-error.js';
import type { RequestActivity } from './request-activity.js';
import { cliProcess } from '../io/cli-process.js';

/**
 * The --timeout deadline passed: says what the CLI was waiting for, that the server accepted
 * the request but did not answer (a refused connection fails at once, with its own hint), what
 * was written so far, and ends the run: exit 7, or 9 once something may have been written.
 */
export function expireDeadline(timeout: { ms: number; label: string }, activity: RequestActivity): void {
  const waiting = activity.oldest();
  activity.stop();
  const seconds = Math.round(timeout.ms / 100) / 10;
  const what = waiting ? `: ${waiting.label} has waited ${(waiting.ms / 1000).toFixed(1)} s for an answer` : '';
  if (wantsJsonErrors(cliProcess().argv)) {
    writeJsonError({
      code: 'timeout',
      message: `timed out after ${seconds} s (${timeout.label})${what}`,
      hint: 'try again later, or allow more time with --timeout SECONDS (also MEDSCHED_TIMEOUT)',
      exitCode: stoppedExitCode(ExitCode.network),
    });
    cliProcess().exit(stoppedExitCode(ExitCode.network));
  }
  writeErrorLines({
    message: `timed out after ${seconds} s (${timeout.label})${what}`,
    hint: waiting
      ? 'the server accepted the connection but has not answered: it may be overloaded or stuck. Try again later, or allow more time with --timeout SECONDS (also MEDSCHED_TIMEOUT, `medsched config set timeout`)'
      : 'allow more time with --timeout SECONDS (also MEDSCHED_TIMEOUT, `medsched config set timeout`)',
    // What was written before the deadline.
    after: partialWriteLines(),
  });
  cliProcess().exit(stoppedExitCode(ExitCode.network));
}
