import { cellText } from './cell.js';
import type { Column } from './columns.js';
import type { Style } from './style.js';

const maxCellWidth = 60;

function fit(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > maxCellWidth ? `${oneLine.slice(0, maxCellWidth - 1)}…` : oneLine;
}

/** Rows padded into columns, header in bold, like `gh pr list`. */
export function formatTable<T>(records: readonly T[], columns: readonly Column<T>[], style: Style): string {
  const rows = records.map((record) => columns.map((column) => fit(cellText(column.value(record)))));
  const widths = columns.map((column, index) => Math.max(column.header.length, ...rows.map((row) => row[index]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0))).join('  ');
  const header = style.bold(line(columns.map((column) => column.header.toUpperCase())));
  return [header, ...rows.map(line)].join('\n') + '\n';
}

/** One record as aligned `key  value` lines, like `gh repo view`. */
export function formatRecord(record: Record<string, unknown>, style: Style): string {
  const keys = Object.keys(record);
  const width = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${style.bold(key.padEnd(width))}  ${cellText(record[key])}`).join('\n') + '\n';
}
