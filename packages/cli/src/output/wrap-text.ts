import { displayWidth, wrapCell } from './wrap-cell.js';

const day = String.raw`(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}(?: \d{4})?`;
/**
 * What a sentence keeps on one line while a line can hold it: a date range (`2026-11-30 to
 * 2026-12-06`, `Mon 30 Nov – Sun 6 Dec 2026`), and a word before a number (a medication's name
 * with its strength: `Metformin 1000 mg`; the number keeps its unit anyway).
 */
const valuesInProse = new RegExp(String.raw`\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}|${day}(?: – ${day})?|[\p{L}][\p{L}\p{N}.-]* (?=\d)`, 'gu');

/**
 * A command to paste, in backticks. A hard line break inside one would make two commands of it:
 * pasted, the first line runs alone (e.g. without its `--effective`). The terminal's own soft wrap
 * is joined again on copy, so a line with a command wider than a line is left to the terminal.
 */
const command = /`[^`\n]*`/g;
const valuesAndCommands = new RegExp(`${valuesInProse.source}|${command.source}`, 'gu');

/**
 * A line of prose (a note, a warning, a question) wrapped to a terminal's `width`: between words,
 * never inside one that fits, with the values above kept whole where a line can hold them, and a
 * command in backticks never broken (its line is left whole where the command is wider than a line).
 * Continuation lines are indented like the line (its leading spaces) plus `hang`. The first line
 * is `firstWidth` wide (e.g. the width minus a `! ` marker written before it). Without a width
 * (not a terminal) the line is returned as it is.
 */
export function wrapText(text: string, width: number | undefined, options: { hang?: number; firstWidth?: number } = {}): string {
  if (width === undefined || width < 20) return text;
  return text
    .split('\n')
    .map((line) => {
      const firstWidth = options.firstWidth ?? width;
      if (displayWidth(line) <= firstWidth) return line;
      const lead = /^ */.exec(line)?.[0] ?? '';
      const indent = ' '.repeat(Math.min(lead.length + (options.hang ?? 2), Math.floor(width / 3)));
      if ((line.match(command) ?? []).some((span) => displayWidth(span) > Math.min(firstWidth - lead.length, width - indent.length))) return line;
      // The first line is as wide as the first width allows; the rest start after the indent.
      const body = line.slice(lead.length);
      // wrapCell's lines are the text itself, cut at breaks: what follows the first is the rest (less the space at the break).
      const first = wrapCell(body, firstWidth - lead.length, { keep: valuesAndCommands })[0] ?? '';
      const tail = body.slice(first.length).replace(/^ +/, '');
      const more = tail === '' ? [] : wrapCell(tail, width - indent.length, { keep: valuesAndCommands });
      return [lead + first, ...more.map((piece) => indent + piece)].join('\n');
    })
    .join('\n');
}
