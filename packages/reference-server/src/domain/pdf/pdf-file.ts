import { planFonts } from './fonts/font-set.js';
import { pageDocument } from './page-document.js';
import { writePdf } from './pdf-writer.js';
import { planDocument } from './plan-document.js';
import type { PlanGrid } from './plan-grid.js';

/**
 * Lays out and writes PDF files. Loaded on the first PDF asked for (`import()` in
 * pdf-links.ts), not at start: pdf-lib, fontkit and the fonts are most of the server's code.
 */

/** A patient's medication plan. */
export async function planPdf(grid: PlanGrid, now: Date): Promise<Uint8Array> {
  const fonts = await planFonts();
  return writePdf(planDocument(grid, fonts, now), fonts);
}

/** Any other page: its address and the time. */
export async function pagePdf(pageUrl: string, now: Date): Promise<Uint8Array> {
  const fonts = await planFonts();
  return writePdf(pageDocument(pageUrl, now, fonts), fonts);
}
