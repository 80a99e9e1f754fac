/** Characters as a terminal counts them: code points, combining marks (a decomposed ü) not counted. */
export function displayWidth(text: string): number {
  return [...text.replace(/\p{M}/gu, '')].length;
}

/**
 * Pieces a cell may be broken between: words (the space is dropped at a break), and the parts
 * of a recurrence rule or list after `;` and `,`, and an e-mail after `@` (kept on the line they end).
 */
function pieces(text: string): string[] {
  // A number and its unit stay on one line ("500 mg", "0.5 tablet"): the space after a digit does not break.
  const glued = text.replace(/(\d) (?=\S)/g, '$1\u00a0');
  return (glued.match(/[^ ;,@]*[;,@]|[^ ;,@]+ ?| /g) ?? [glued]).map((piece) => piece.replace(/\u00a0/g, ' '));
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
 * A cell as lines of at most `width` characters, broken between words (or after `;` and `,`);
 * nothing is left out, so a name and its strength are read whole, over two lines if need be.
 */
export function wrapCell(text: string, width: number): string[] {
  if (displayWidth(text) <= width || width < 1) return [text];
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces(text)) {
    const candidate = line + piece;
    if (displayWidth(candidate.trimEnd()) <= width) {
      line = candidate;
      continue;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = '';
    if (displayWidth(piece.trimEnd()) > width) {
      const chunks = hardBreak(piece.trimEnd(), width);
      lines.push(...chunks.slice(0, -1));
      line = (chunks.at(-1) ?? '') + (piece.endsWith(' ') ? ' ' : '');
    } else line = piece.trimStart();
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length === 0 ? [''] : lines;
}
