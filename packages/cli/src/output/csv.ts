import { stringify } from 'csv-stringify/sync';
import { cellText } from './cell.js';
import type { Column } from './columns.js';
import { csvDialect, formatNumber, type CsvDialect } from './csv-dialect.js';

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
export function neutralizeCell(value: unknown, dialect: CsvDialect = csvDialect('comma')): string {
  if (typeof value === 'number') return formatNumber(value, dialect);
  const text = cellText(value);
  return typeof value === 'string' && formulaStart.test(text) ? `'${text}` : text;
}

/** The UTF-8 byte order mark: Excel reads a file without it in the system's code page (Müller becomes MÃ¼ller). */
export const byteOrderMark = '\ufeff';

/**
 * CSV through csv-stringify (RFC 4180 quoting, CRLF) in the reader's dialect (`,` or `;` between
 * cells, numbers with a decimal point or comma), with formula-leading cells neutralised and each
 * column's CSV form where it has one.
 */
export function formatCsv<T>(records: readonly T[], columns: readonly Column<T>[], options: { bom: boolean; dialect?: CsvDialect }): string {
  const dialect = options.dialect ?? csvDialect('comma');
  const rows = records.map((record) => columns.map((column) => neutralizeCell((column.csv ?? column.value)(record), dialect)));
  return stringify([columns.map((column) => neutralizeCell(column.header, dialect)), ...rows], {
    delimiter: dialect.delimiter,
    record_delimiter: 'windows',
    bom: options.bom,
    // Leading or trailing blanks are quoted so that no spreadsheet trims them away.
    quoted_match: /^\s|\s$/,
  });
}
