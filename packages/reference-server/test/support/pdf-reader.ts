import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Reads PDFs the way a person's viewer would, with pdfjs-dist (the legacy build runs on Node 20):
 * each page's size and its text items with positions, and a page rendered to PNG.
 */

export interface PdfTextItem {
  text: string;
  /** Left edge and baseline, in points from the bottom-left corner (PDF space). */
  x: number;
  y: number;
  width: number;
}

export interface PdfPageText {
  width: number;
  height: number;
  /**
   * Text items as pdfjs cuts them: a text drawn in several fonts (the writer's subsets, e.g.
   * "Ł" then "ukasz") comes in several items; `lines` has it whole.
   */
  items: PdfTextItem[];
  /** The text of each baseline, top to bottom, left to right, runs of spaces as one. */
  lines: string[];
}

const standardFontDataUrl = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

async function open(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
}

/** The document's title, from its information dictionary. */
export async function readPdfTitle(bytes: Uint8Array): Promise<string | undefined> {
  const document = await open(bytes);
  const { info } = await document.getMetadata();
  await document.destroy();
  return (info as { Title?: string }).Title;
}

/** Every page's size, text items and lines. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPageText[]> {
  const document = await open(bytes);
  const pages: PdfPageText[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    const items: PdfTextItem[] = [];
    // Every piece on a baseline, spaces included, to read lines as a person reads them.
    const baselines = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const [x, y] = [item.transform[4] as number, item.transform[5] as number];
      const key = Math.round(y * 10) / 10;
      baselines.set(key, [...(baselines.get(key) ?? []), { x, text: item.str }]);
      if (item.str.trim() !== '') items.push({ text: item.str.trim(), x, y, width: item.width });
    }
    const lines = [...baselines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, pieces]) =>
        pieces
          .sort((a, b) => a.x - b.x)
          .map((piece) => piece.text)
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    pages.push({ width, height, items, lines });
  }
  await document.destroy();
  return pages;
}

/**
 * Renders page `number` to a PNG file with @napi-rs/canvas (pdfjs-dist's optional dependency).
 * Returns false when no canvas can be loaded on this machine, so the caller can skip.
 */
export async function renderPageToPng(bytes: Uint8Array, number: number, file: string, scale = 2): Promise<boolean> {
  let canvasModule: typeof import('@napi-rs/canvas');
  try {
    canvasModule = await import('@napi-rs/canvas');
  } catch {
    return false;
  }
  const document = await open(bytes);
  const page = await document.getPage(number);
  const viewport = page.getViewport({ scale });
  const canvas = canvasModule.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  writeFileSync(file, canvas.toBuffer('image/png'));
  await document.destroy();
  return true;
}
