import { cellText } from './cell.js';
import type { Column } from './columns.js';

/** RFC 4180: quote a field when it holds a comma, quote or line break; double inner quotes. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function formatCsv<T>(records: readonly T[], columns: readonly Column<T>[]): string {
  const lines = [columns.map((column) => csvField(column.header)).join(',')];
  for (const record of records) lines.push(columns.map((column) => csvField(cellText(column.value(record)))).join(','));
  return lines.join('\r\n') + '\r\n';
}
