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

/**
 * Rows padded into columns, header in bold, like `gh pr list`. With `maxWidth` (a terminal's
 * width) the widest free-text column is cut, then the next widest, until the table fits, never
 * below 10 characters and never an id, date, time or number (the terminal wraps what still does
 * not fit); without it (piped) every cell is whole.
 */
export function formatTable<T>(records: readonly T[], columns: readonly Column<T>[], style: Style, options: { maxWidth?: number | undefined } = {}): string {
  const rows = records.map((record) => columns.map((column) => cellText(column.value(record)).replace(/\s+/g, ' ')));
  const headers = columns.map((column) => column.header.toUpperCase());
  const widths = headers.map((header, index) => Math.max(width(header), ...rows.map((row) => width(row[index] ?? ''))));
  if (options.maxWidth !== undefined) {
    const cuttable = columns.map((_column, index) => rows.some((row) => !exactValue.test(row[index] ?? '')));
    const total = () => widths.reduce((sum, value) => sum + value, 0) + gap * (widths.length - 1);
    while (total() > options.maxWidth) {
      const candidates = widths.map((value, index) => (cuttable[index] && value > minColumnWidth ? value : -1));
      const widest = candidates.indexOf(Math.max(...candidates));
      if (widest < 0 || (candidates[widest] ?? -1) < 0) break;
      // Down to the excess, or to the next widest free-text column, whichever comes first: widest first, like gh.
      const others = candidates.filter((_value, index) => index !== widest);
      const excess = total() - options.maxWidth;
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
  return [header, ...rows.map(line)].join('\n') + '\n';
}

/** One record as aligned `key  value` lines, like `gh repo view`. */
export function formatRecord(record: Record<string, unknown>, style: Style): string {
  const keys = Object.keys(record);
  const keyWidth = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${style.bold(key.padEnd(keyWidth))}  ${cellText(record[key])}`).join('\n') + '\n';
}
