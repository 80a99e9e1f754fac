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
}

export interface PdfSection {
  heading: string;
  lines: string[];
}

/** Draws a document; returns the bytes of an `application/pdf` file. */
export type PdfRenderer = (document: PdfDocument) => Promise<Uint8Array>;
