import type { FontSet } from './fonts/font-set.js';
import type { PdfDocument, PdfDrawItem } from './pdf-document.js';

const a4 = { width: 595, height: 842, margin: 50 };

/**
 * The PDF of a page that is not a patient's plan (a leaflet, a print view): its address and when
 * it was made, on one A4 page. The reference server does not render web pages.
 */
export function pageDocument(pageUrl: string, generatedAt: Date, fonts: FontSet): PdfDocument {
  const title = `medsched: ${new URL(pageUrl).pathname}`;
  const width = a4.width - 2 * a4.margin;
  const line = (y: number, text: string, font: 'regular' | 'bold', size: number, color: string): PdfDrawItem => {
    // An address longer than the line is cut, marked with "...", as the plan cuts long names.
    return { kind: 'text', x: a4.margin, y, text: fonts.fit(text, font, size, width), font, size, color };
  };
  return {
    title,
    pageUrl,
    generatedAt: generatedAt.toISOString(),
    drawing: {
      pages: [
        {
          width: a4.width,
          height: a4.height,
          items: [
            line(a4.margin, title, 'bold', 18, '#111111'),
            line(a4.margin + 28, `Page: ${pageUrl}`, 'regular', 9, '#555555'),
            line(a4.margin + 42, `Generated: ${generatedAt.toISOString()}`, 'regular', 9, '#555555'),
          ],
        },
      ],
    },
  };
}
