import { cellText } from './cell.js';
import type { Column } from './columns.js';
import type { Style } from './style.js';

/** Narrowest a truncated column gets: below this a value is no longer recognisable. */
const minColumnWidth = 10;
/**
 * Values that are never cut: ids (to copy), dates, times, numbers, booleans. A cut date or
 * amount could be read as another one; only free text (titles, names, rules) is shortened.
 */
const exactValue = /^([0-9a-f]{24}|\d{4}-\d{2}-\d{2}\S*|\d{2}:\d{2}\S*|-?\d+(\.\d+)?|true|false|)$/;
const gap = 2;

/** Characters as the terminal counts them (code points; wide CJK is rare in our data). */
function width(text: string): number {
  return [...text].length;
}

function truncate(text: string, to: number): string {
  const chars = [...text];
  return chars.length > to ? `${chars.slice(0, Math.max(1, to - 1)).join('')}…` : text;
}

/** A table as text, and the headers of the columns left out to fit the width (empty when none was). */
export interface FittedTable {
  text: string;
  leftOut: string[];
}

/** Whether every row holds the same value in this column (one patient's list: its id in each row). */
function sameInEveryRow(rows: readonly string[][], index: number): boolean {
  return rows.every((row) => row[index] === rows[0]?.[index]);
}

/**
 * The order in which columns leave a table too wide for the terminal: only those with `drop`,
 * and among them first those with the same value in every row (the patient's id when one
 * patient is listed: the command names the patient already), then by `drop`.
 */
function dropOrder<T>(columns: readonly Column<T>[], rows: readonly string[][]): number[] {
  return columns
    .map((column, index) => ({ index, drop: column.drop, same: sameInEveryRow(rows, index) }))
    .filter((entry): entry is { index: number; drop: number; same: boolean } => entry.drop !== undefined)
    .sort((a, b) => Number(b.same) - Number(a.same) || a.drop - b.drop || a.index - b.index)
    .map((entry) => entry.index);
}

/**
 * Rows padded into columns, header in bold, like `gh pr list`. With `maxWidth` (a terminal's
 * width), like gh: (a) the widest free-text column is cut with `…`, then the next widest, never
 * below 10 characters and never an id, date, time or number; (b) if the table still cannot fit
 * with every free-text column at its narrowest, columns with a `drop` rank are left out, in that
 * order, until it can (`keepAll`, for columns a person chose with --fields, leaves none out; the
 * terminal then wraps what does not fit). Without `maxWidth` (piped) every cell is whole.
 */
export function fitTable<T>(records: readonly T[], columns: readonly Column<T>[], style: Style, options: { maxWidth?: number | undefined; keepAll?: boolean } = {}): FittedTable {
  const allRows = records.map((record) => columns.map((column) => cellText(column.value(record)).replace(/\s+/g, ' ')));
  const allHeaders = columns.map((column) => column.header.toUpperCase());
  const allWidths = allHeaders.map((header, index) => Math.max(width(header), ...allRows.map((row) => width(row[index] ?? ''))));
  const cuttableAll = columns.map((column, index) => column.whole !== true && allRows.some((row) => !exactValue.test(row[index] ?? '')));
  const kept = new Set(columns.map((_column, index) => index));
  const leftOut: string[] = [];
  const { maxWidth } = options;
  if (maxWidth !== undefined && options.keepAll !== true) {
    // Narrowest the table can get by cutting alone; drop only while even that does not fit.
    const narrowest = () =>
      [...kept].reduce((sum, index) => sum + (cuttableAll[index] ? Math.min(allWidths[index] ?? 0, minColumnWidth) : (allWidths[index] ?? 0)), 0) + gap * (kept.size - 1);
    for (const index of dropOrder(columns, allRows)) {
      if (narrowest() <= maxWidth) break;
      kept.delete(index);
      leftOut.push(columns[index]?.header ?? '');
    }
  }
  const shown = [...kept].sort((a, b) => a - b);
  const rows = allRows.map((row) => shown.map((index) => row[index] ?? ''));
  const headers = shown.map((index) => allHeaders[index] ?? '');
  const widths = shown.map((index) => allWidths[index] ?? 0);
  const cuttable = shown.map((index) => cuttableAll[index] ?? false);
  if (maxWidth !== undefined) {
    const total = () => widths.reduce((sum, value) => sum + value, 0) + gap * (widths.length - 1);
    while (total() > maxWidth) {
      const candidates = widths.map((value, index) => (cuttable[index] && value > minColumnWidth ? value : -1));
      const widest = candidates.indexOf(Math.max(...candidates));
      if (widest < 0 || (candidates[widest] ?? -1) < 0) break;
      // Down to the excess, or to the next widest free-text column, whichever comes first: widest first, like gh.
      const others = candidates.filter((_value, index) => index !== widest);
      const excess = total() - maxWidth;
      widths[widest] = Math.max(minColumnWidth, (widths[widest] ?? 0) - excess, Math.min(widths[widest] ?? 0, Math.max(...others, 0)) === widths[widest] ? minColumnWidth : Math.max(...others, 0));
    }
  }
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => {
        const cut = truncate(cell, widths[index] ?? width(cell));
        return index === cells.length - 1 ? cut : cut + ' '.repeat(Math.max(0, (widths[index] ?? 0) - width(cut)));
      })
      .join(' '.repeat(gap));
  const header = style.bold(line(headers));
  return { text: [header, ...rows.map(line)].join('\n') + '\n', leftOut };
}

/** One record as aligned `key  value` lines, like `gh repo view`. */
export function formatRecord(record: Record<string, unknown>, style: Style): string {
  const keys = Object.keys(record);
  const keyWidth = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${style.bold(key.padEnd(keyWidth))}  ${cellText(record[key])}`).join('\n') + '\n';
}
