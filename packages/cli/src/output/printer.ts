import type { Column } from './columns.js';
import { columnsOf } from './columns.js';
import { formatCsv } from './csv.js';
import type { OutputFormat } from './format.js';
import { formatJson, formatNdjson } from './json.js';
import type { Style } from './style.js';
import { formatRecord, formatTable } from './table.js';

/**
 * Writes results to stdout in the chosen format. Only results go to stdout; progress,
 * echoes and notes go to stderr (`note`), so that `medsched … | node -e …` stays clean.
 */
export class Printer {
  readonly format: OutputFormat;
  readonly style: Style;
  readonly #errStyle: Style;

  constructor(format: OutputFormat, style: Style, errStyle: Style) {
    this.format = format;
    this.style = style;
    this.#errStyle = errStyle;
  }

  /** A list of records; `columns` picks what a table and CSV show, JSON shows everything. */
  list<T>(records: readonly T[], columns: readonly Column<T>[]): void {
    const out = process.stdout;
    if (this.format === 'json') out.write(formatJson(records));
    else if (this.format === 'ndjson') out.write(formatNdjson(records));
    else if (this.format === 'csv') out.write(formatCsv(records, columns));
    else if (records.length === 0) this.note('no results');
    else out.write(formatTable(records, columns, this.style));
  }

  /** One record: key/value lines in a table, the object in JSON. */
  record(record: object): void {
    const out = process.stdout;
    const asRecord = record as Record<string, unknown>;
    if (this.format === 'json') out.write(formatJson(record));
    else if (this.format === 'ndjson') out.write(formatNdjson([record]));
    else if (this.format === 'csv') out.write(formatCsv([asRecord], columnsOf([asRecord])));
    else out.write(formatRecord(asRecord, this.style));
  }

  /** A human note on stderr (never stdout), e.g. the resolved date range. */
  note(text: string): void {
    process.stderr.write(`${this.#errStyle.dim(text)}\n`);
  }

  /** A success line on stderr, like gh's green check. */
  success(text: string): void {
    process.stderr.write(`${this.#errStyle.green('✓')} ${text}\n`);
  }
}
