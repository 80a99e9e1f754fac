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
  items: PdfTextItem[];
}

const standardFontDataUrl = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

async function open(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
}

/** Every page's size and text items. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPageText[]> {
  const document = await open(bytes);
  const pages: PdfPageText[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    const items: PdfTextItem[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      items.push({ text: item.str.trim(), x: item.transform[4] as number, y: item.transform[5] as number, width: item.width });
    }
    pages.push({ width, height, items });
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
