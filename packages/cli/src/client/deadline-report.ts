import { ExitCode } from '../errors/exit-codes.js';
import { partialWriteLines, stoppedExitCode } from '../errors/stop-report.js';
import { createStyle } from '../output/style.js';
import { wrapText } from '../output/wrap-text.js';
import { wantsJsonErrors, writeJsonError } from '../errors/report-error.js';
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
  if (wantsJsonErrors(cliProcess().argv)) {
    const seconds = Math.round(timeout.ms / 100) / 10;
    const what = waiting ? `: ${waiting.label} has waited ${(waiting.ms / 1000).toFixed(1)} s for an answer` : '';
    writeJsonError({
      code: 'timeout',
      message: `timed out after ${seconds} s (${timeout.label})${what}`,
      hint: 'try again later, or allow more time with --timeout SECONDS (also MEDSCHED_TIMEOUT)',
      exitCode: stoppedExitCode(ExitCode.network),
    });
    cliProcess().exit(stoppedExitCode(ExitCode.network));
  }
  const noColor = cliProcess().env.NO_COLOR !== undefined && cliProcess().env.NO_COLOR !== '';
  const style = createStyle(cliProcess().stderr.isTTY === true && !noColor && !cliProcess().argv.includes('--no-color'));
  const seconds = Math.round(timeout.ms / 100) / 10;
  const what = waiting ? `: ${waiting.label} has waited ${(waiting.ms / 1000).toFixed(1)} s for an answer` : '';
  // Wrapped between words on a terminal, as every other error (errors/report-error.ts).
  const width = cliProcess().stderr.isTTY === true ? cliProcess().stderr.columns : undefined;
  const lines = [
    wrapText(`error: timed out after ${seconds} s (${timeout.label})${what}`, width).replace(/^error:/, style.red('error:')),
    style.dim(
      wrapText(
        waiting
          ? 'hint: the server accepted the connection but has not answered: it may be overloaded or stuck. Try again later, or allow more time with --timeout SECONDS (also MEDSCHED_TIMEOUT, `medsched config set timeout`)'
          : 'hint: allow more time with --timeout SECONDS (also MEDSCHED_TIMEOUT, `medsched config set timeout`)',
        width,
      ),
    ),
    ...partialWriteLines(),
  ];
  cliProcess().stderr.write(`${lines.join('\n')}\n`);
  cliProcess().exit(stoppedExitCode(ExitCode.network));
}
