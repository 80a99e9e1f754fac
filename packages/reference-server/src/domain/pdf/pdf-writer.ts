import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fontFeatures, runWidth, type FontSet, type LoadedFace } from './fonts/font-set.js';
import type { PdfDocument, PdfPage } from './pdf-document.js';

/**
 * The one PDF writer, in Node and in a browser alike (pdf-lib is plain JavaScript, no Node
 * built-ins): draws a laid-out document with the embedded fonts, each subset to the glyphs used.
 */

/** `#1f3a5f` as a pdf-lib colour. */
function color(hex: string) {
  return rgb(...([1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number]));
}

async function drawPage(pdf: PDFDocument, page: PdfPage, fonts: FontSet, faceFont: (face: LoadedFace) => Promise<PDFFont>): Promise<void> {
  const target: PDFPage = pdf.addPage([page.width, page.height]);
  // The layout measures from the top-left corner, PDF from the bottom-left.
  const y = (top: number) => page.height - top;
  for (const item of page.items) {
    if (item.kind === 'box') {
      target.drawRectangle({ x: item.x, y: y(item.y + item.height), width: item.width, height: item.height, color: color(item.fill) });
    } else if (item.kind === 'line') {
      target.drawLine({ start: { x: item.x1, y: y(item.y1) }, end: { x: item.x2, y: y(item.y2) }, thickness: item.width, color: color(item.color) });
    } else {
      // Run by run, each in the face that has its characters, advancing as the layout measured.
      let x = item.x;
      for (const run of fonts.runs(item.text, item.font)) {
        target.drawText(run.text, { x, y: y(item.y + fonts.capHeight * item.size), size: item.size, font: await faceFont(run.face), color: color(item.color) });
        x += (runWidth(run) / run.face.font.unitsPerEm) * item.size;
      }
    }
  }
}

/** Writes `document` as the bytes of an `application/pdf` file. */
export async function writePdf(document: PdfDocument, fonts: FontSet): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  // A face is embedded once per document, on its first use, and subset to the glyphs drawn.
  const embedded = new Map<LoadedFace, Promise<PDFFont>>();
  const faceFont = (face: LoadedFace) => {
    let font = embedded.get(face);
    if (!font) embedded.set(face, (font = pdf.embedFont(face.bytes, { subset: true, features: fontFeatures })));
    return font;
  };
  for (const page of document.drawing.pages) await drawPage(pdf, page, fonts, faceFont);
  // The title is written as UTF-16: it keeps every character, whatever the fonts cover.
  pdf.setTitle(document.title);
  pdf.setSubject(document.pageUrl);
  pdf.setCreator('medsched reference server');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(new Date(document.generatedAt));
  pdf.setModificationDate(new Date(document.generatedAt));
  return pdf.save();
}
