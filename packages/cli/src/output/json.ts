import { escapeJsonText } from './clean-text.js';
import type { Style } from './style.js';

/** Tokens of indented JSON: strings (keys when followed by a colon), numbers, literals. */
const token = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/**
 * The whole value, indented: what `--json` and piped output print. With colours (stdout is a
 * terminal), keys, strings, numbers and literals are coloured like `gh … --json`; the text is
 * the same JSON, so a terminal copy still parses.
 */
export function formatJson(value: unknown, style?: Style): string {
  // Bidi and C1 controls as \u escapes: the same JSON value, nothing a terminal obeys.
  const text = escapeJsonText(JSON.stringify(value, null, 2));
  if (style === undefined || !style.colored) return `${text}\n`;
  return `${text.replace(token, (match, string: string | undefined, colon: string | undefined, number: string | undefined, literal: string | undefined) => {
    if (string !== undefined) return colon !== undefined ? `${style.cyan(string)}${colon}` : style.green(string);
    if (number !== undefined) return style.yellow(number);
    if (literal !== undefined) return style.dim(literal);
    return match;
  })}\n`;
}

/** One JSON document per line: for streams (`device events --follow`) and line-based tools. */
export function formatNdjson(records: readonly unknown[]): string {
  return records.map((record) => `${escapeJsonText(JSON.stringify(record))}\n`).join('');
}
