/** One column of a table or CSV: a header and how to read it from a record. */
export interface Column<T> {
  header: string;
  value: (record: T) => unknown;
  /** The value in CSV when it differs (e.g. a time with its UTC offset, for spreadsheets). */
  csv?: (record: T) => unknown;
  /**
   * Left out of a table on a terminal too narrow for it, lowest number first (1 goes first);
   * a column without it is always shown. Only for what the row is readable without (a second
   * id, a series, a rule), never for what says which dose, when, or how much.
   */
  drop?: number;
  /** Only in CSV (and where chosen with --fields): what a spreadsheet needs beside a value, e.g. a time's UTC offset. */
  csvOnly?: boolean;
  /**
   * Never cut on a terminal (a cell too wide wraps instead), and narrowed only after every other
   * column: a medication's name with its strength, a patient's name, a recurrence rule.
   */
  whole?: boolean;
  /**
   * With `drop`: left out only when the table cannot fit even with every cell wrapped (a
   * recurrence rule: which days a dose is given). Columns dropped before it go whole; it wraps
   * (between the parts of the rule) rather than go.
   */
  wrapBeforeDropping?: boolean;
  /**
   * With `whole`: wrapped only once every other whole column is as narrow as it gets, so that a
   * medication's name keeps its strength on its line while a patient's name wraps.
   */
  wrapLast?: boolean;
  /**
   * With `drop`: when the table cannot keep the column, its value stands on a line of its own
   * above each run of rows that share it (`patient: Clara Claus`), instead of leaving rows of
   * several patients that read the same. Not named as left out.
   */
  groupWhenLeftOut?: boolean;
}

/**
 * Fields read whole on a terminal wherever they appear (a cell too wide wraps between words):
 * names (a medication's carries its strength), titles (often the same) and recurrence rules.
 */
const wholeFields: ReadonlySet<string> = new Set(['name', 'title', 'rrule', 'medication', 'patient']);

/** A column reading one field by name. */
export function field<T>(name: keyof T & string, header: string = name, drop?: number): Column<T> {
  return { header, value: (record) => record[name], ...(drop !== undefined && { drop }), ...(wholeFields.has(header) && { whole: true }) };
}

/** Columns for records of no known shape: the union of their keys, in first-seen order. */
export function columnsOf(records: readonly Record<string, unknown>[]): Column<Record<string, unknown>>[] {
  const names = new Set<string>();
  for (const record of records) for (const name of Object.keys(record)) names.add(name);
  return [...names].map((name) => ({ header: name, value: (record) => record[name], ...(wholeFields.has(name) && { whole: true }) }));
}
