import { stringify } from 'csv-stringify/sync';
import { cellText } from './cell.js';
import type { Column } from './columns.js';

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"):
 * `=`, `+`, `-`, `@`, tab and carriage return at the start of a cell.
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet shows as text: a formula-leading value gets a leading apostrophe, as
 * OWASP advises (a medication named `=HYPERLINK(…)` stays a name). Numbers and booleans are
 * values of ours, not text from the server, and stay as they are (a negative amount is a number).
 */
export function neutralizeCell(value: unknown): string {
  const text = cellText(value);
  return typeof value === 'string' && formulaStart.test(text) ? `'${text}` : text;
}

/** The UTF-8 byte order mark: Excel reads a file without it in the system's code page (Müller becomes MÃ¼ller). */
export const byteOrderMark = '\ufeff';

/**
 * RFC 4180 CSV through csv-stringify (quoting, CRLF), with formula-leading cells neutralised
 * and each column's CSV form where it has one (times with their UTC offset).
 */
export function formatCsv<T>(records: readonly T[], columns: readonly Column<T>[], options: { bom: boolean }): string {
  const rows = records.map((record) => columns.map((column) => neutralizeCell((column.csv ?? column.value)(record))));
  return stringify([columns.map((column) => neutralizeCell(column.header)), ...rows], { record_delimiter: 'windows', bom: options.bom, quoted_match: /^\s|\s$/ });
}
