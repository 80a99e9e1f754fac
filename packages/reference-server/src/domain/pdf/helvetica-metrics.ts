/**
 * Advance widths of the standard Helvetica fonts (thousandths of the font size) for the
 * WinAnsi characters 32 to 255, as in Adobe's AFM files, so that the plan layout can measure
 * text with Web APIs only and both PDF writers (pdfkit and the minimal one) place it alike.
 * 127 to 159 are not used (0).
 */

export type PdfFont = 'Helvetica' | 'Helvetica-Bold';

const regular = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722,
  667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584,
  611, 556, 556, 556, 556, 500, 556, 500,
];

const bold = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611,
  611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722,
  667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611, 611, 611, 611, 584,
  611, 611, 611, 611, 611, 556, 611, 556,
];

const widths: Record<PdfFont, number[]> = { Helvetica: regular, 'Helvetica-Bold': bold };

/** The character as the PDF writers draw it: Latin-1 printable, anything else becomes "?". */
export function toWinAnsi(text: string): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    return char.length === 1 && ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) ? char : '?';
  }).join('');
}

/** Width in points of `text` (already WinAnsi) at `size` in `font`. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  const table = widths[font];
  let total = 0;
  for (let index = 0; index < text.length; index++) total += table[text.charCodeAt(index) - 32] ?? 556;
  return (total * size) / 1000;
}

/** Helvetica's ascender (thousandths): where the baseline sits below the top of a line. */
export const helveticaAscender = 718;
