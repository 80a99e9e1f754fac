import { cleanText } from '../output/clean-text.js';
import { createStyle } from '../output/style.js';
import { credentialInUse } from './credential-context.js';
import { describeError } from './describe-error.js';
import { ExitCode } from './exit-codes.js';

/**
 * Writes a failure to stderr the way `gh` does: one line that says what went wrong, a hint
 * on what to do, the request id to quote; the stack only with --debug. Returns the exit code.
 */
export function reportError(error: unknown, options: { debug: boolean; color: boolean }): ExitCode {
  const report = describeError(error, credentialInUse());
  const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
  const style = createStyle(options.color && process.stderr.isTTY === true && !noColor && process.env.TERM !== 'dumb');
  const requestId = report.requestId ? style.dim(` (request ${report.requestId})`) : '';
  // A declined question is the person's choice, not a failure to explain.
  const prefix = report.exitCode === ExitCode.declined ? '' : `${style.red('error:')} `;
  // Messages may quote server text: never let it carry escape sequences to the terminal.
  const lines = [`${prefix}${cleanText(report.message)}${requestId}`];
  if (report.hint) lines.push(style.dim(`hint: ${cleanText(report.hint)}`));
  if (options.debug && error instanceof Error && error.stack) lines.push(style.dim(error.stack));
  process.stderr.write(`${lines.join('\n')}\n`);
  return report.exitCode;
}
