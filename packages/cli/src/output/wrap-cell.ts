/** Characters as a terminal counts them: code points, combining marks (a decomposed ü) not counted. */
export function displayWidth(text: string): number {
  return [...text.replace(/\p{M}/gu, '')].length;
}

/** Stands for a decimal comma while a text is cut into pieces: `2,5 mg` never breaks after `2,`. */
const decimalComma = '\ue000';
/** Stand for `;`, `,` and `@` inside a kept span (a command to paste must not break after them). */
const keptMarks = { ';': '\ue001', ',': '\ue002', '@': '\ue003' } as const;
const keptMarksBack: Record<string, string> = { '\ue001': ';', '\ue002': ',', '\ue003': '@' };

/**
 * Pieces a cell may be broken between: words (the space is dropped at a break), and the parts
 * of a recurrence rule or list after `;` and `,`, and an e-mail after `@` (kept on the line they end).
 * With `glue` (the default) a number stays with its unit, and the spans `keep` matches (a date
 * range in a sentence) stay in one piece; a decimal comma (`2,5 mg`) never breaks.
 */
function pieces(text: string, glue = true, keep?: RegExp): string[] {
  let glued = text.replace(/(\d),(?=\d)/g, `$1${decimalComma}`);
  // A kept span is one piece: neither its spaces nor its `;`, `,` and `@` are places to break.
  if (keep !== undefined) glued = glued.replace(keep, (span) => span.replace(/ /g, '\u00a0').replace(/[;,@]/g, (mark) => keptMarks[mark as ';' | ',' | '@']));
  // A number and its unit stay on one line ("500 mg", "0.5 tablet"): the space after a digit does not break.
  if (glue) glued = glued.replace(/(\d) (?=\S)/g, '$1\u00a0');
  return (glued.match(/[^ ;,@]*[;,@]|[^ ;,@]+ ?| /g) ?? [glued]).map((piece) =>
    piece
      .replace(/\u00a0/g, ' ')
      .replaceAll(decimalComma, ',')
      .replace(/[\ue001-\ue003]/g, (mark) => keptMarksBack[mark] ?? mark),
  );
}

/** The widest piece: a column narrower than this would have to break inside a word. */
export function longestPiece(text: string): number {
  return Math.max(0, ...pieces(text).map((piece) => displayWidth(piece.trimEnd())));
}

/** Splits a piece wider than `width` into chunks of `width` (only when nothing else fits). */
function hardBreak(piece: string, width: number): string[] {
  const chars = [...piece];
  const out: string[] = [];
  for (let index = 0; index < chars.length; index += width) out.push(chars.slice(index, index + width).join(''));
  return out;
}

/**
 * A cell (or a sentence) as lines of at most `width` characters, broken between words (or after
 * `;` and `,`); nothing is left out, so a name and its strength are read whole, over two lines if
 * need be. `keep` marks spans that stay on one line while a line can hold them (in a sentence: a
 * date range, a name with its strength); a span or number-and-unit wider than a line breaks
 * between its words, and only a single word wider than a line breaks inside.
 */
export function wrapCell(text: string, width: number, options: { keep?: RegExp; glue?: boolean } = {}): string[] {
  if (displayWidth(text) <= width || width < 1) return [text];
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces(text, options.glue ?? true, options.keep)) {
    const candidate = line + piece;
    if (displayWidth(candidate.trimEnd()) <= width) {
      line = candidate;
      continue;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = '';
    if (displayWidth(piece.trimEnd()) > width) {
      // Glued words wider than a line break between them before any word is broken.
      const chunks = options.glue !== false && / /.test(piece.trimEnd()) ? wrapCell(piece.trimEnd(), width, { glue: false }) : hardBreak(piece.trimEnd(), width);
      lines.push(...chunks.slice(0, -1));
      line = (chunks.at(-1) ?? '') + (piece.endsWith(' ') ? ' ' : '');
    } else line = piece.trimStart();
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length === 0 ? [''] : lines;
}
