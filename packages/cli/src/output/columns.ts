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
  /** Never shortened with `…` in a table: what could be misread when cut (a medication's name with its strength). */
  whole?: boolean;
}

/** A column reading one field by name. */
export function field<T>(name: keyof T & string, header: string = name, drop?: number): Column<T> {
  return { header, value: (record) => record[name], ...(drop !== undefined && { drop }) };
}

/** Columns for records of no known shape: the union of their keys, in first-seen order. */
export function columnsOf(records: readonly Record<string, unknown>[]): Column<Record<string, unknown>>[] {
  const names = new Set<string>();
  for (const record of records) for (const name of Object.keys(record)) names.add(name);
  return [...names].map((name) => ({ header: name, value: (record) => record[name] }));
}
