/**
 * What a rendered PDF shows, independent of how it is drawn: the domain decides the
 * content (which page, whose baked schedule), a renderer (pdfkit in Node) draws it.
 */
export interface PdfDocument {
  title: string;
  /** The page address the PDF was made from. */
  pageUrl: string;
  generatedAt: string;
  sections: PdfSection[];
  /** Pages laid out by the domain (the medication plan); when present, renderers draw these instead of the sections. */
  drawing?: PdfDrawing;
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

/** `y` of text is the top of its line; the baseline lies `helveticaAscender` thousandths of `size` below. */
export type PdfDrawItem =
  | { kind: 'text'; x: number; y: number; text: string; font: 'Helvetica' | 'Helvetica-Bold'; size: number; color: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; color: string }
  | { kind: 'box'; x: number; y: number; width: number; height: number; fill: string };

export interface PdfSection {
  heading: string;
  lines: string[];
}

/** Draws a document; returns the bytes of an `application/pdf` file. */
export type PdfRenderer = (document: PdfDocument) => Promise<Uint8Array>;
