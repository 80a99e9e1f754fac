import type { ConformanceReport } from './run.js';
import { cleanText } from '../output/clean-text.js';
import type { Style } from '../output/style.js';

const labels = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP', error: 'ERROR' } as const;

/**
 * The report for a person: one line per rule (result, id, title, section), and under each rule
 * that did not pass, why, with the requests it sent.
 */
export function reportText(report: ConformanceReport, style: Style): string {
  const width = Math.max(...report.results.map((result) => result.id.length));
  const lines: string[] = [`medsched conformance against ${report.baseUrl}${report.readOnly ? ' (read-only: no writes sent)' : ''}`, ''];
  for (const result of report.results) {
    const label = labels[result.status].padEnd(5);
    const colour = result.status === 'pass' ? style.green : result.status === 'skip' ? style.dim : style.red;
    lines.push(`${colour(label)}  ${result.id.padEnd(width)}  ${result.title}  ${style.dim(`(${result.source.interface})`)}`);
    if (result.status === 'pass') continue;
    // Messages quote what the server sent (codes, titles): no control characters reach the terminal.
    lines.push(`       ${cleanText(result.message ?? '')}`);
    if (result.status !== 'skip') for (const request of result.requests) lines.push(style.dim(`         ${cleanText(request)}`));
  }
  const { counts } = report;
  lines.push('', `${report.results.length} rules: ${counts.pass} passed, ${counts.fail} failed, ${counts.error} errored, ${counts.skip} skipped`);
  if (report.leftBehind) lines.push(style.dim(`left on the server: ${cleanText(report.leftBehind)}`));
  return `${lines.join('\n')}\n`;
}
