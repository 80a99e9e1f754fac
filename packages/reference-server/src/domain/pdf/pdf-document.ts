import type { FontWeight } from './fonts/noto-sans.js';

/**
 * What a rendered PDF shows, laid out by the domain (the medication plan, or a page's address)
 * and drawn by the one PDF writer (`pdf-writer.ts`, pdf-lib) in Node and in a browser alike.
 */
export interface PdfDocument {
  title: string;
  /** The page address the PDF was made from. */
  pageUrl: string;
  generatedAt: string;
  drawing: PdfDrawing;
}

/** Positioned text, lines and filled boxes on pages, in points from the top-left corner. */
export interface PdfDrawing {
  pages: PdfPage[];
}

export interface PdfPage {
  width: number;
  height: number;
  items: PdfDrawItem[];
}

/**
 * `y` of text is the top of its capitals (the baseline lies the font's cap height below);
 * `text` is printable (`FontSet.printable`): every character has a glyph in the embedded fonts.
 */
export type PdfDrawItem =
  | { kind: 'text'; x: number; y: number; text: string; font: FontWeight; size: number; color: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; color: string }
  | { kind: 'box'; x: number; y: number; width: number; height: number; fill: string };
