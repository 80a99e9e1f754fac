import { spawnSync } from 'node:child_process';
import { usageError } from '../errors/cli-error.js';
import { cleanText } from './clean-text.js';
import type { Column } from './columns.js';
import { columnsOf } from './columns.js';
import type { CsvDialect } from './csv-dialect.js';
import type { OutputFormat } from './format.js';
import { formatJson, formatNdjson } from './json.js';
import type { Style } from './style.js';
import { fitTable, formatRecord } from './table.js';
import { wrapText } from './wrap-text.js';
import { cliProcess } from '../io/cli-process.js';

/**
 * Writes results to stdout in the chosen format. Only results go to stdout; progress,
 * echoes, questions and notes go to stderr (`note`), so that `medsched … | jq` stays clean.
 */
export class Printer {
  readonly format: OutputFormat;
  readonly style: Style;
  /** `--json a,b` / `--fields a,b`: only these fields, in this order, in every format. */
  readonly fields: string[] | undefined;
  readonly #errStyle: Style;
  /** The CSV writer, loaded (with csv-stringify) only when the format is CSV. */
  #csv: typeof import('./csv.js') | undefined;
  /** Start CSV output with a UTF-8 byte order mark (--bom, or stdout is a .csv file). */
  readonly bom: boolean;
  /** The CSV dialect (separator, decimal mark) of the reader's spreadsheet; RFC 4180 with a decimal point when unset. */
  readonly csvDialect: CsvDialect | undefined;

  /** The terminal's width when stdout is one (tables are cut to fit it), else undefined (whole cells). */
  readonly #width: number | undefined;
  readonly #rows: number;
  /** The pager command for output taller than the terminal, or undefined (piped, --no-pager). */
  readonly #pager: string | undefined;

  /** stderr's width when it is a terminal: notes and warnings wrap between words to it (else undefined: one line each, for logs). */
  readonly #errWidth: number | undefined;

  /** --quiet: no notes and no success lines; warnings and errors stay. */
  readonly #quiet: boolean;
  /** The time stamp before a warning in a log (stderr not a terminal), or undefined on a terminal. */
  readonly #stamp: (() => string) | undefined;

  constructor(
    format: OutputFormat,
    style: Style,
    errStyle: Style,
    fields?: string[],
    options: { bom?: boolean; width?: number; errWidth?: number | undefined; rows?: number; pager?: string; csvDialect?: CsvDialect; quiet?: boolean; stamp?: () => string } = {},
  ) {
    this.#errWidth = options.errWidth;
    this.#quiet = options.quiet === true;
    this.#stamp = options.stamp;
    this.format = format;
    this.style = style;
    this.#errStyle = errStyle;
    this.fields = fields;
    this.bom = options.bom === true;
    this.csvDialect = options.csvDialect;
    this.#width = options.width;
    this.#rows = options.rows !== undefined && options.rows > 0 ? options.rows : 24;
    this.#pager = options.pager;
  }

  /**
   * Writes a result to stdout; on a terminal, one taller than the screen goes through the pager
   * (PAGER, else \`less -FRX\`, which quits at once when the text fits), like gh. A pager that
   * cannot start is no reason to lose the output: it is written directly.
   */
  #emit(text: string): void {
    if (this.#held !== undefined) {
      this.#held.push(text);
      return;
    }
    if (this.#pager !== undefined && text.split('\n').length > this.#rows - 1) {
      const result = spawnSync(this.#pager, { input: text, stdio: ['pipe', 'inherit', 'inherit'], shell: true, env: { LESS: 'FRX', ...cliProcess().env } });
      if (result.error === undefined && result.status !== 127 && result.status !== 126) return;
    }
    cliProcess().stdout.write(text);
  }

  /** What `together` holds back, to write (or page) as one text. */
  #held: string[] | undefined;

  /**
   * Writes what `write` prints (several tables, e.g. a bake's intakes and its alarms) as one
   * text, separated by blank lines: on a terminal it opens at most one pager, not one per table.
   */
  together(write: () => void): void {
    const outer = this.#held === undefined;
    if (outer) this.#held = [];
    try {
      write();
    } finally {
      if (outer) {
        const parts = this.#held ?? [];
        this.#held = undefined;
        if (parts.length > 0) this.#emit(parts.join('\n'));
      }
    }
  }

  /** `--jq FILTER`: JSON output goes through jq (raw strings, like gh). */
  #jq: ((value: unknown) => string) | undefined;

  /** Loads what the chosen format needs (CSV writer, jq) and checks the jq filter; the session calls it once, before any request. */
  async load(options: { jq?: string | undefined } = {}): Promise<void> {
    if (this.format === 'csv') this.#csv = await import('./csv.js');
    if (options.jq !== undefined) {
      if (this.format !== 'json') throw usageError('--jq works on JSON output', 'use it with --json (or without --output)');
      this.#jq = await (await import('./jq.js')).loadJq(options.jq);
    }
  }

  #formatCsv<T>(records: readonly T[], columns: readonly Column<T>[]): string {
    if (this.#csv === undefined) throw new Error('CSV output was not loaded (Printer.load)');
    // One document per run: a second table (bake's alarms) gets no second BOM.
    const text = this.#csv.formatCsv(records, columns, { bom: this.bom && !this.#bomWritten, ...(this.csvDialect && { dialect: this.csvDialect }) });
    this.#bomWritten = true;
    return text;
  }

  #bomWritten = false;

  /** A list of records; `columns` picks what a table and CSV show, JSON shows everything (or `fields`). */
  list<T>(records: readonly T[], columns: readonly Column<T>[]): void {
    const chosen = this.#chosenColumns(records, columns);
    if (this.format === 'json') this.#emit(this.#jq ? this.#jq(this.#picked(records, chosen)) : formatJson(this.#picked(records, chosen), this.style));
    else if (this.format === 'ndjson') cliProcess().stdout.write(formatNdjson(this.#picked(records, chosen)));
    else if (this.format === 'csv') cliProcess().stdout.write(this.#formatCsv(records, chosen ?? columns));
    else if (records.length === 0) this.note('no results');
    // Columns only a spreadsheet needs (a time's UTC offset beside it) stay out of tables unless chosen.
    else this.#table(records, chosen ?? columns.filter((column) => column.csvOnly !== true), chosen !== undefined);
  }

  /** Headers already named in a "left out" note, so a run says it once (bake prints two tables). */
  readonly #leftOutNoted = new Set<string>();

  /**
   * A table fitted to the terminal; columns left out for width are named once on stderr, with
   * the ways to get them. Columns chosen with --fields are never left out.
   */
  #table<T>(records: readonly T[], columns: readonly Column<T>[], chosenByPerson: boolean): void {
    const { text, leftOut } = fitTable(records, columns, this.style, { maxWidth: this.#width, keepAll: chosenByPerson });
    const fresh = leftOut.filter((header) => !this.#leftOutNoted.has(header));
    if (fresh.length > 0) {
      for (const header of fresh) this.#leftOutNoted.add(header);
      // Two short lines, so that the note itself fits the terminal it is about.
      const example = [columns[0]?.header, fresh[0]].filter((header) => header !== undefined).join(',');
      this.note(`Left out to fit ${this.#width} columns: ${fresh.join(', ')}.\nGet them with --fields ${example}, --output json, or a pipe.`);
    }
    this.#emit(text);
  }

  /** One record: key/value lines in a table, the object in JSON. */
  record(record: object): void {
    const asRecord = record as Record<string, unknown>;
    const chosen = this.#chosenColumns([asRecord], columnsOf([asRecord]));
    const shown = chosen ? (this.#picked([asRecord], chosen)[0] as Record<string, unknown>) : asRecord;
    if (this.format === 'json') this.#emit(this.#jq ? this.#jq(shown) : formatJson(shown, this.style));
    else if (this.format === 'ndjson') cliProcess().stdout.write(formatNdjson([shown]));
    else if (this.format === 'csv') cliProcess().stdout.write(this.#formatCsv([shown], columnsOf([shown])));
    else this.#emit(formatRecord(shown, this.style));
  }

  /** A human note on stderr (never stdout), e.g. the resolved date range. */
  note(text: string): void {
    if (this.#quiet) return;
    // Notes quote server text (names, messages): cleaned here, once, whatever the caller did.
    cliProcess().stderr.write(`${this.#errStyle.dim(wrapText(cleanText(text), this.#errWidth))}\n`);
  }

  /** Keys of notes said once per run (`noteOnce`). */
  readonly #saidOnce = new Set<string>();

  /** A note said at most once per run under `key` (e.g. why medications are shown by id, when two tables would say it). */
  noteOnce(key: string, text: string): void {
    if (this.#saidOnce.has(key)) return;
    this.#saidOnce.add(key);
    this.note(text);
  }

  /** A success line on stderr, like gh's green check. */
  success(text: string): void {
    if (this.#quiet) return;
    cliProcess().stderr.write(`${this.#errStyle.green('✓')} ${wrapText(cleanText(text), this.#errWidth, { firstWidth: (this.#errWidth ?? 0) - 2 })}\n`);
  }

  /** A warning on stderr that must not be missed (e.g. baked days keeping old values). */
  warn(text: string): void {
    cliProcess().stderr.write(
      `${this.#stamp === undefined ? '' : `${this.#stamp()} `}${this.#errStyle.yellow('!')} ${wrapText(cleanText(text), this.#errWidth, { firstWidth: (this.#errWidth ?? 0) - 2 })}\n`,
    );
  }

  /** Refuses (exit 2) `fields` that are not in `known`; called before a command's first request. */
  checkFields(known: ReadonlySet<string>): void {
    const unknown = (this.fields ?? []).filter((name) => !known.has(name));
    if (unknown.length > 0) throw usageError(`unknown field ${unknown.map((name) => `"${name}"`).join(', ')}`, `fields here: ${[...known].join(', ')}`);
  }

  /**
   * The columns `fields` names: a column of that header, else the record field of that name.
   * A name that fits no column and no record is a usage error listing what exists.
   */
  #chosenColumns<T>(records: readonly T[], columns: readonly Column<T>[]): Column<T>[] | undefined {
    if (this.fields === undefined) return undefined;
    const known = new Set<string>(columns.map((column) => column.header));
    for (const record of records) if (record && typeof record === 'object') for (const key of Object.keys(record)) known.add(key);
    const unknown = this.fields.filter((name) => !known.has(name));
    if (unknown.length > 0 && records.length > 0) {
      throw usageError(`unknown field ${unknown.map((name) => `"${name}"`).join(', ')}`, `fields here: ${[...known].join(', ')}`);
    }
    return this.fields.map((name) => columns.find((column) => column.header === name) ?? { header: name, value: (record: T) => (record as Record<string, unknown>)[name] });
  }

  #picked<T>(records: readonly T[], chosen: Column<T>[] | undefined): unknown[] {
    if (chosen === undefined) return [...records];
    return records.map((record) => Object.fromEntries(chosen.map((column) => [column.header, column.value(record) ?? null])));
  }
}
