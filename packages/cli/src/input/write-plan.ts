import type { Session } from '../client/session.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { planWrites, recordWrite } from '../errors/write-journal.js';
import { onInterrupt } from '../errors/interrupt-report.js';
import { pauseDeadline, resumeDeadline } from '../client/deadline.js';
import { assertConfirmable } from './confirm.js';
import { openPromptTerminal } from './prompt-context.js';
import { wrapText } from '../output/wrap-text.js';
import { cleanText } from '../output/clean-text.js';
import { verifyHome } from '../identity/home-guard.js';
import { organizationText } from '../identity/organization-name.js';
import { cliProcess } from '../io/cli-process.js';

/** One request a write command will send, as `--dry-run` prints it. */
export interface PlannedRequest {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The path under the base URL, query string included. */
  path: string;
  body?: unknown;
  /** In words, for the question and for reports after a partial failure. */
  describe: string;
}

/**
 * A confirmation typed in full instead of y/N, for writes too big to agree to by habit (a long
 * range): on a terminal the person types `answer`; with --yes or without a terminal `flag` must
 * have been given (`confirmedByFlag`), else exit 2 before anything is sent.
 */
export interface TypedConfirmation {
  /** What the person types, e.g. "365" (the number of days). */
  answer: string;
  /** The prompt, e.g. "This bakes 365 days (…). Type 365 to go ahead:". */
  question: string;
  /** The flag scripts give instead, e.g. "--confirm-long-range". */
  flag: string;
  /** For the refusal: "bake 365 days (more than 28)". */
  what: string;
  confirmedByFlag: boolean;
}

/** What a write command is about to do, decided before the first write is sent. */
export interface WritePlan {
  /** What will change, one line each (names, old and new values), shown above the question. */
  summary: string[];
  /** Consequences the person must know, e.g. baked days keeping the old dose; shown as warnings. */
  consequences?: string[];
  /** The question, e.g. "Change the series and bake the days again?" */
  question: string;
  requests: PlannedRequest[];
  /** Removes or reverts data, or touches more than one patient: without a terminal it needs --yes (a script must say it means it). */
  destructive: boolean;
  /** A typed confirmation instead of y/N (long ranges). */
  typed?: TypedConfirmation | undefined;
  /** The verb of the refusal without a terminal: "refusing to unbake without confirmation". */
  verb: string;
  /** Advice if the run stops half-way (before any step changes it). */
  recovery?: string;
}

/** The flags every write command takes. */
export interface WriteFlags {
  yes?: boolean;
  dryRun?: boolean;
}

/** A query string in the order given, as the SDK sends it. */
export function withQuery(path: string, query: Record<string, string | boolean | undefined>): string {
  const pairs = Object.entries(query).filter((pair): pair is [string, string | boolean] => pair[1] !== undefined);
  return pairs.length === 0 ? path : `${path}?${new URLSearchParams(pairs.map(([name, value]) => [name, String(value)])).toString()}`;
}

function printDryRun(session: Session, plan: WritePlan): void {
  const requests = plan.requests.map(({ method, path, body }) => ({ method, path: `${session.settings.baseUrl}${path}`, ...(body !== undefined && { body }) }));
  if (session.printer.format === 'json' || session.printer.format === 'ndjson') {
    cliProcess().stdout.write(session.printer.format === 'json' ? `${JSON.stringify(requests, null, 2)}\n` : requests.map((request) => `${JSON.stringify(request)}\n`).join(''));
  } else {
    for (const request of requests) cliProcess().stdout.write(`${request.method} ${request.path}${request.body === undefined ? '' : `\n${JSON.stringify(request.body, null, 2)}`}\n`);
  }
  session.printer.note(`Dry run: ${plan.requests.length === 1 ? 'this request was' : `these ${plan.requests.length} requests were`} not sent; nothing changed.`);
}

/**
 * The one place where a write is decided, before its first request: shows what will change
 * and what follows from it, then
 * - `--dry-run`: prints the requests (stdout) and returns false: nothing is sent;
 * - `--yes`: goes ahead;
 * - a terminal: asks (on stderr or /dev/tty, never stdout); "no" is exit 8 with nothing sent;
 * - no terminal: goes ahead, except for destructive writes, which need --yes (exit 2).
 * Returns true when the writes may be sent; they are then recorded for reports of partial failure.
 */
export async function decideWrites(session: Session, plan: WritePlan, flags: WriteFlags): Promise<boolean> {
  const { printer } = session;
  if (flags.dryRun) {
    for (const line of plan.summary) printer.note(line);
    for (const line of plan.consequences ?? []) printer.warn(line);
    printDryRun(session, plan);
    return false;
  }
  // Every write states the home it changes, checked with this credential before the question:
  // a key of another home stops here (exit 11), an unreadable home stops with its own error.
  const home = await verifyHome(session);
  if (home !== undefined) printer.note(`Home: ${organizationText(home.id, home.name)}, checked with this credential.`);
  const interactive = session.terminal.stdinIsTTY;
  const typed = plan.typed !== undefined && !plan.typed.confirmedByFlag ? plan.typed : undefined;
  if (typed && (flags.yes || !interactive)) {
    for (const line of plan.summary) printer.note(line);
    throw usageError(`refusing to ${typed.what} without a typed confirmation`, `${interactive ? 'leave out --yes and type the number when asked, or ' : ''}add ${typed.flag} (with --yes) in scripts`);
  }
  if (!flags.yes && interactive) {
    // A person reading the question is not a slow server: the --timeout clock and progress line wait.
    pauseDeadline();
    session.activity.suspend();
    const terminal = openPromptTerminal();
    const { output } = terminal.context;
    const style = session.errStyle;
    // Wrapped between words to the terminal the question is on (a date range or a name with its strength kept on one line where it fits).
    const width = (output as { columns?: number }).columns;
    // Summaries quote server text (names, old values): cleaned as every note is.
    output.write(`${plan.summary.map((line) => wrapText(cleanText(line), width)).join('\n')}\n`);
    for (const line of plan.consequences ?? []) output.write(`${style.yellow('!')} ${wrapText(cleanText(line), width, { firstWidth: (width ?? 0) - 2 })}\n`);
    // The prompt draws `? ` before the question and ` (y/N)` and the answer after it, and breaks its lines mid-word at the edge: leave room for both.
    const question = (text: string) => wrapText(cleanText(text), width === undefined ? undefined : width - 8, { firstWidth: (width ?? 0) - 10 });
    const { confirm, input } = await import('@inquirer/prompts');
    let confirmed: boolean;
    try {
      if (typed) {
        output.write(`${wrapText(cleanText(`${plan.question.replace(/\?$/, '')}: type the number below, or press Ctrl-C to stop.`), width)}\n`);
        // Only the right number is accepted (and ticked): another is refused in the prompt, to
        // type again or stop, so that a wrong answer never looks accepted before "Nothing changed".
        const expected = typed.answer;
        const validate = (value: string) => value.trim() === expected || `That is not ${expected}: type ${expected} to go ahead, or press Ctrl-C to stop (nothing is sent).`;
        confirmed = (await input({ message: question(typed.question), validate }, terminal.context)).trim() === expected;
      } else confirmed = await confirm({ message: question(plan.question), default: false }, terminal.context);
    } finally {
      terminal.close();
      session.activity.resume();
      resumeDeadline();
    }
    if (!confirmed) throw new CliError(typed ? `Nothing changed: that was not ${typed.answer} (no request was sent).` : 'Nothing changed: you answered no (no request was sent).', ExitCode.declined);
  } else {
    // Scripts see what they are about to change in their logs too (and, when refused, why).
    for (const line of plan.summary) printer.note(line);
    for (const line of plan.consequences ?? []) printer.warn(line);
    if (plan.destructive) assertConfirmable({ yes: flags.yes, interactive, what: plan.verb });
  }
  planWrites(
    plan.requests.map((request) => request.describe),
    plan.recovery,
  );
  // From here on a Ctrl-C must say what was written (see stop-report.ts).
  cliProcess().on('SIGINT', onInterrupt);
  return true;
}

/** Adds `--yes` and `--dry-run` to a write command. */
export function writeOptions<C extends { option(flags: string, description: string): C }>(command: C, destructive = false): C {
  return command
    .option('-y, --yes', destructive ? 'do not ask (required without a terminal)' : 'do not ask on a terminal')
    .option('--dry-run', 'print the requests it would send (stdout) and send none');
}

/**
 * One decided write: `decideWrites` for a single request, then `send` (recorded in the write
 * journal). Undefined after --dry-run, when nothing was sent.
 */
export async function decideAndSend<T>(session: Session, plan: Omit<WritePlan, 'requests'> & { request: PlannedRequest }, flags: WriteFlags, send: () => Promise<T>): Promise<T | undefined> {
  const { request, ...rest } = plan;
  if (!(await decideWrites(session, { ...rest, requests: [request] }, flags))) return undefined;
  return recordWrite(request.describe, send);
}

/** The body's fields as `  name: value` lines, for the summary above a question. */
export function bodyLines(body: Record<string, unknown>): string[] {
  return Object.entries(body).map(([field, value]) => `  ${field}: ${typeof value === 'string' ? `"${value}"` : JSON.stringify(value)}`);
}
