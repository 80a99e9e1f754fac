import { createStyle } from '../output/style.js';
import { describeError } from './describe-error.js';
import type { ExitCode } from './exit-codes.js';

/**
 * Writes a failure to stderr the way `gh` does: one line that says what went wrong, a hint
 * on what to do, the request id to quote; the stack only with --debug. Returns the exit code.
 */
export function reportError(error: unknown, options: { debug: boolean }): ExitCode {
  const report = describeError(error);
  const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
  const style = createStyle(process.stderr.isTTY === true && !noColor);
  const requestId = report.requestId ? style.dim(` (request ${report.requestId})`) : '';
  const lines = [`${style.red('error:')} ${report.message}${requestId}`];
  if (report.hint) lines.push(style.dim(`hint: ${report.hint}`));
  if (options.debug && error instanceof Error && error.stack) lines.push(style.dim(error.stack));
  process.stderr.write(`${lines.join('\n')}\n`);
  return report.exitCode;
}
