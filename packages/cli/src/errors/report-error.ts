import { cleanText } from '../output/clean-text.js';
import { wrapText } from '../output/wrap-text.js';
import { createStyle } from '../output/style.js';
import { showsColor } from '../output/terminal.js';
import { credentialInUse } from './credential-context.js';
import { describeError } from './describe-error.js';
import { ExitCode } from './exit-codes.js';
import { writeStderr } from './stream-failure.js';
import { writeJournal } from './write-journal.js';
import { cliProcess } from '../io/cli-process.js';

/** The name of an exit code (`other_home`), the `code` of a CLI's own failure in JSON. */
function exitCodeName(code: ExitCode): string {
  const name = Object.entries(ExitCode).find(([, value]) => value === code)?.[0] ?? 'other';
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The failure's machine-readable code: the server's problem code, the SDK's, else the exit code's name. */
function failureCode(error: unknown, exitCode: ExitCode): string {
  const problem = (error as { problem?: { code?: unknown } } | undefined)?.problem?.code;
  if (typeof problem === 'string') return problem;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (error instanceof Error && error.name !== 'CliError' && typeof code === 'string') return code;
  return exitCodeName(exitCode);
}

/**
 * True where the run asked for JSON (`--json`, `--jq`, `-o json|ndjson`): then a failure is
 * one JSON object on stderr too, for the script reading it. Read from the arguments, as a
 * failure may come before the options are parsed.
 */
export function wantsJsonErrors(argv: string[]): boolean {
  return argv.some((arg, index) => {
    if (arg === '--json' || arg.startsWith('--json=') || arg === '--jq' || arg.startsWith('--jq=')) return true;
    if (arg === '--output' || arg === '-o') return /^(json|ndjson)$/.test(argv[index + 1] ?? '');
    return /^--output=(json|ndjson)$/.test(arg);
  });
}

/**
 * A failure as the one JSON line of `--json` runs, with what this run wrote (`written`), may
 * have written (`unknown`) and did not write (`notWritten`, once anything was sent).
 */
export function writeJsonError(failure: { code: string; message: string; hint: string | undefined; exitCode: ExitCode; requestId?: string | undefined; retryAfter?: unknown }): void {
  const journal = writeJournal();
  const sent = journal.done.length + journal.unknown.length > 0 || journal.inFlight !== undefined;
  const body = {
    code: failure.code,
    message: cleanText(failure.message),
    hint: failure.hint === undefined ? null : cleanText(failure.hint),
    exitCode: failure.exitCode,
    requestId: failure.requestId ?? null,
    retryAfter: typeof failure.retryAfter === 'number' ? failure.retryAfter : null,
    written: journal.done,
    unknown: [...journal.unknown, ...(journal.inFlight === undefined ? [] : [journal.inFlight])],
    notWritten: sent ? journal.pending : [],
  };
  writeStderr(`${JSON.stringify({ error: body })}\n`);
}

/**
 * Writes a failure to stderr the way `gh` does: one line that says what went wrong, a hint
 * on what to do, the request id to quote; the stack only with --debug. With `json`, one JSON
 * line instead: `{"error":{code,message,hint,exitCode,requestId,written,unknown,notWritten}}`,
 * `exitCode` being the code the run ends with (`exitCode` maps it, e.g. to 9 after a write).
 * Returns the exit code of the failure's kind.
 */
export function reportError(error: unknown, options: { debug: boolean; color: boolean; json?: boolean; exitCode?: (code: ExitCode) => ExitCode }): ExitCode {
  const report = describeError(error, credentialInUse());
  if (options.json === true) {
    writeJsonError({
      code: failureCode(error, report.exitCode),
      message: report.message,
      hint: report.hint,
      exitCode: options.exitCode?.(report.exitCode) ?? report.exitCode,
      requestId: report.requestId,
      // Seconds the server asked to wait (429), for a script that retries.
      retryAfter: (error as { retryAfter?: unknown } | undefined)?.retryAfter,
    });
    return report.exitCode;
  }
  writeErrorLines({
    message: report.message,
    hint: report.hint,
    requestId: report.requestId,
    // A declined question is the person's choice, not a failure to explain.
    prefix: report.exitCode === ExitCode.declined ? '' : 'error: ',
    stack: options.debug && error instanceof Error ? error.stack : undefined,
    color: options.color,
  });
  return report.exitCode;
}

/**
 * A failure as a person reads it on stderr: `error: <message> (request <id>)`, then `hint: …`,
 * then `after` as it is (what a stopped run wrote), then the stack (--debug), dimmed. Red and
 * dim only where `showsColor` says so (`color` as `--no-color` asks, read from the arguments
 * when not given); on a terminal the lines wrap between words, as notes and warnings do (never
 * inside a word or a command in backticks); a log keeps each on one line, for grep.
 */
export function writeErrorLines(failure: {
  message: string;
  hint?: string | undefined;
  requestId?: string | undefined;
  prefix?: string;
  after?: string[];
  stack?: string | undefined;
  color?: boolean | undefined;
}): void {
  const stderr = cliProcess().stderr;
  const style = createStyle(showsColor('stderr', failure.color));
  const width = stderr.isTTY === true ? stderr.columns : undefined;
  const requestId = failure.requestId ? `(request ${failure.requestId})` : '';
  // Messages may quote server text: never let it carry escape sequences to the terminal.
  let message = wrapText(`${failure.prefix ?? 'error: '}${cleanText(failure.message)}${requestId === '' ? '' : ` ${requestId}`}`, width).replace(/^error:/, style.red('error:'));
  if (requestId !== '') message = message.replace(requestId, style.dim(requestId));
  const lines = [message];
  if (failure.hint) lines.push(style.dim(wrapText(`hint: ${cleanText(failure.hint)}`, width)));
  lines.push(...(failure.after ?? []));
  if (failure.stack) lines.push(style.dim(failure.stack));
  writeStderr(`${lines.join('\n')}\n`);
}
