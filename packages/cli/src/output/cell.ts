import { cleanText } from './clean-text.js';

/** How one value reads in a table or CSV cell: objects as compact JSON, nothing as empty; never an escape sequence. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return cleanText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return cleanText(JSON.stringify(value));
}
