import { cellText } from './cell.js';
import type { Column } from './columns.js';
import type { Style } from './style.js';
import { displayWidth, longestPiece, wrapCell } from './wrap-cell.js';

/** Narrowest a wrapped free-text column gets: narrower, a value takes more lines than it is worth. */
const minColumnWidth = 10;
/**
 * Values that are never narrowed: ids (to copy), dates, times, numbers, booleans. A broken date
 * or amount could be read as another one; only text (titles, names, rules) wraps.
 */
const exactValue = /^([0-9a-f]{24}|\d{4}-\d{2}-\d{2}\S*|\d{2}:\d{2}\S*|-?\d+(\.\d+)?|true|false|)$/;
const gap = 2;
/** The longest word of free text kept on one line (an id in brackets): longer ones break anywhere. */
const maxUnbrokenWord = 26;
/** How wide a whole column may stay while other columns are left out for it. */
const wholeWidthBeforeDropping = 40;

/** A table as text, and the headers of the columns left out to fit the width (empty when none was). */
export interface FittedTable {
  text: string;
  leftOut: string[];
}

/** Whether every row holds the same value in this column (one patient's list: its name in each row). */
function sameInEveryRow(rows: readonly string[][], index: number): boolean {
  return rows.every((row) => row[index] === rows[0]?.[index]);
}

/** How a column may narrow: `exact` never, `text` down to 10, `whole` only after every text column and never inside a word. */
type Give = 'exact' | 'text' | 'whole';

/**
 * Rows padded into columns, header in bold, like `gh pr list`. With `maxWidth` (a terminal's
 * width), when the table is wider than that:
 * (a) columns that may be left out (`drop`) and hold one value in every row move into a heading
 *     line above the table (`timeZone: Europe/Berlin  patient: Clara Claus`);
 * (b) columns with a `drop` rank are left out, in that order, while the table cannot fit even
 *     with its text wrapped (`keepAll`, for columns a person chose with --fields, leaves none out);
 *     one marked `wrapBeforeDropping` (a recurrence rule) only while it cannot fit with every
 *     cell wrapped, whole values included; one marked `groupWhenLeftOut` (whose a row is) is not
 *     named as left out but moves onto a line above each run of rows with its value
 *     (`patient: Clara Claus`);
 * (c) free-text columns wrap, widest first, down to 10 characters; then the columns that must be
 *     read whole (`whole`: a medication's name with its strength, a patient's name, a rule) wrap
 *     between words, widest first, those marked `wrapLast` (a medication's name) after the others.
 *     Nothing is cut: ids, dates, times and numbers never narrow, and a cell that
 *     does not fit continues on the next line. Without `maxWidth` (piped) every cell is on one line.
 */
export function fitTable<T>(records: readonly T[], columns: readonly Column<T>[], style: Style, options: { maxWidth?: number | undefined; keepAll?: boolean } = {}): FittedTable {
  const allRows = records.map((record) => columns.map((column) => cellText(column.value(record)).replace(/\s+/g, ' ')));
  const allHeaders = columns.map((column) => column.header.toUpperCase());
  const allWidths = allHeaders.map((header, index) => Math.max(displayWidth(header), ...allRows.map((row) => displayWidth(row[index] ?? ''))));
  const give: Give[] = columns.map((column, index) => (!allRows.some((row) => !exactValue.test(row[index] ?? '')) ? 'exact' : column.whole ? 'whole' : 'text'));
  // The narrowest a column can get: its header stays on one line, and a whole value breaks only between words.
  const floor = columns.map((_column, index) => {
    if (give[index] === 'exact') return allWidths[index] ?? 0;
    const header = displayWidth(allHeaders[index] ?? '');
    if (give[index] === 'whole') return Math.max(header, ...allRows.map((row) => longestPiece(row[index] ?? '')));
    // Free text breaks between words; inside a word only when one is longer than an id in brackets.
    const longest = Math.min(maxUnbrokenWord, Math.max(0, ...allRows.map((row) => longestPiece(row[index] ?? ''))));
    return Math.max(Math.min(header, minColumnWidth), Math.min(allWidths[index] ?? 0, minColumnWidth), longest);
  });
  const kept = new Set(columns.map((_column, index) => index));
  const leftOut: string[] = [];
  const heading: string[] = [];
  /** The column left out that says whose each row is (`groupWhenLeftOut`): a line above each run of its rows. */
  let groupBy = -1;
  const { maxWidth } = options;
  const widthOf = (indexes: Iterable<number>, of: (index: number) => number) => {
    const list = [...indexes];
    return list.reduce((sum, index) => sum + of(index), 0) + gap * Math.max(0, list.length - 1);
  };
  if (maxWidth !== undefined && options.keepAll !== true && widthOf(kept, (index) => allWidths[index] ?? 0) > maxWidth) {
    if (allRows.length > 1) {
      columns.forEach((column, index) => {
        if (column.drop === undefined || !sameInEveryRow(allRows, index) || (allRows[0]?.[index] ?? '') === '') return;
        kept.delete(index);
        heading.push(`${column.header}: ${allRows[0]?.[index] ?? ''}`);
      });
    }
    const dropOrder = [...kept].filter((index) => columns[index]?.drop !== undefined).sort((a, b) => (columns[a]?.drop ?? 0) - (columns[b]?.drop ?? 0) || a - b);
    // A whole value (a medication's name) is wrapped only when no droppable column is left: ids and
    // extras go first. A very long one counts as 40 characters, so that it does not empty the table.
    const beforeWrapping = (index: number) => (give[index] === 'whole' ? Math.max(floor[index] ?? 0, Math.min(allWidths[index] ?? 0, wholeWidthBeforeDropping)) : (floor[index] ?? 0));
    for (const index of dropOrder) {
      if (widthOf(kept, beforeWrapping) <= maxWidth) break;
      // A rule (wrapBeforeDropping) stays while the table fits with every cell wrapped; so does what ranks after it.
      if (columns[index]?.wrapBeforeDropping === true && widthOf(kept, (kept) => floor[kept] ?? 0) <= maxWidth) break;
      kept.delete(index);
      if (columns[index]?.groupWhenLeftOut === true && groupBy === -1) groupBy = index;
      else leftOut.push(columns[index]?.header ?? '');
    }
  }
  const shown = [...kept].sort((a, b) => a - b);
  const widths = new Map(shown.map((index) => [index, allWidths[index] ?? 0]));
  if (maxWidth !== undefined) {
    const total = () => widthOf(shown, (index) => widths.get(index) ?? 0);
    for (const kind of ['text', 'whole'] as const) {
      // Widest first, like gh: down to the excess or to the next widest, whichever comes first.
      while (total() > maxWidth) {
        const narrowable = shown.filter((index) => give[index] === kind && (widths.get(index) ?? 0) > (floor[index] ?? 0));
        const first = narrowable.filter((index) => columns[index]?.wrapLast !== true);
        const candidates = first.length > 0 ? first : narrowable;
        if (candidates.length === 0) break;
        const widest = candidates.reduce((a, b) => ((widths.get(b) ?? 0) > (widths.get(a) ?? 0) ? b : a));
        const next = Math.max(0, ...candidates.filter((index) => index !== widest).map((index) => widths.get(index) ?? 0));
        const current = widths.get(widest) ?? 0;
        const target = Math.max(floor[widest] ?? 0, current - (total() - maxWidth), next < current ? next : current - 1);
        widths.set(widest, target);
      }
    }
  }
  const line = (cells: string[][], row: number) =>
    cells
      .map((lines, position) => {
        const text = lines[row] ?? '';
        const width = widths.get(shown[position] ?? -1) ?? displayWidth(text);
        return position === cells.length - 1 ? text : text + ' '.repeat(Math.max(0, width - displayWidth(text)));
      })
      .join(' '.repeat(gap))
      .trimEnd();
  const render = (cells: string[]) => {
    const wrapped = cells.map((cell, position) => wrapCell(cell, widths.get(shown[position] ?? -1) ?? displayWidth(cell)));
    const height = Math.max(1, ...wrapped.map((lines) => lines.length));
    return Array.from({ length: height }, (_unused, row) => line(wrapped, row)).join('\n');
  };
  const header = style.bold(render(shown.map((index) => allHeaders[index] ?? '')));
  const body = allRows.flatMap((row, position) => {
    const line = render(shown.map((index) => row[index] ?? ''));
    if (groupBy === -1 || (position > 0 && allRows[position - 1]?.[groupBy] === row[groupBy])) return [line];
    return [headingLines([`${columns[groupBy]?.header ?? ''}: ${row[groupBy] ?? ''}`], maxWidth), line];
  });
  const above = heading.length === 0 ? [] : [headingLines(heading, maxWidth)];
  return { text: [...above, header, ...body].join('\n') + '\n', leftOut };
}

/** `timeZone: Europe/Berlin  patient: Clara Claus`, on as many lines as the width needs (never cut). */
function headingLines(items: readonly string[], maxWidth: number | undefined): string {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && (maxWidth === undefined || displayWidth(last) + gap + displayWidth(item) <= maxWidth)) lines[lines.length - 1] = `${last}${' '.repeat(gap)}${item}`;
    else lines.push(item);
  }
  return lines.join('\n');
}

/** One record as aligned `key  value` lines, like `gh repo view`. */
export function formatRecord(record: Record<string, unknown>, style: Style): string {
  const keys = Object.keys(record);
  const keyWidth = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${style.bold(key.padEnd(keyWidth))}  ${cellText(record[key])}`).join('\n') + '\n';
}
