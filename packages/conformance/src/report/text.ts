import type { ConformanceReport } from '../result.js';

const labels = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP', error: 'ERROR' } as const;

const escapeSequence = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Server text made safe to print: a title holding `\e[31m` must not colour (or clear) the reader's
 * terminal, nor a bidi override (U+202E) turn `5 mg` into what reads as another amount.
 */
function clean(text: string): string {
  return text.replace(escapeSequence, '').replace(controlCharacter, '');
}

/** How `formatReport` prints. */
export interface FormatOptions {
  /** ANSI colours (default false: a test runner's message or a log file). */
  color?: boolean;
}

/**
 * The report for a person: one line per rule (result, id, title, section), and under each rule
 * that did not pass, why, with the requests it sent. Use it as the message of a failed assertion:
 * `expect(report.ok, formatReport(report)).toBe(true)`.
 */
export function formatReport(report: ConformanceReport, options: FormatOptions = {}): string {
  const paint = (code: number) => (text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const [green, red, dim] = [paint(32), paint(31), paint(2)];
  const width = Math.max(0, ...report.results.map((result) => result.id.length));
  const lines: string[] = [`medsched conformance against ${report.baseUrl}${report.readOnly ? ' (read-only: no writes sent)' : ''}`, ''];
  for (const result of report.results) {
    const label = labels[result.status].padEnd(5);
    const colour = result.status === 'pass' ? green : result.status === 'skip' ? dim : red;
    lines.push(`${colour(label)}  ${result.id.padEnd(width)}  ${result.title}  ${dim(`(${result.source.interface})`)}`);
    if (result.status === 'pass') continue;
    lines.push(`       ${clean(result.message ?? '')}`);
    if (result.status !== 'skip') for (const request of result.requests) lines.push(dim(`         ${clean(request)}`));
  }
  const { counts } = report;
  lines.push('', `${report.results.length} rules: ${counts.pass} passed, ${counts.fail} failed, ${counts.error} errored, ${counts.skip} skipped`);
  if (report.leftBehind) lines.push(dim(`left on the server: ${clean(report.leftBehind)}`));
  return `${lines.join('\n')}\n`;
}
