import type { PdfDocument, PdfPage, PdfRenderer } from '../domain/pdf/pdf-document.js';

type PdfKitDocument = InstanceType<typeof import('pdfkit')>;

/** Draws a laid-out page (the medication plan) item by item; the layout has measured everything. */
function drawPage(pdf: PdfKitDocument, page: PdfPage): void {
  pdf.addPage({ size: [page.width, page.height], margin: 0 });
  for (const item of page.items) {
    if (item.kind === 'box') pdf.rect(item.x, item.y, item.width, item.height).fill(item.fill);
    else if (item.kind === 'line') pdf.moveTo(item.x1, item.y1).lineTo(item.x2, item.y2).lineWidth(item.width).stroke(item.color);
    // pdfkit puts the top of the line at y, as the layout does; lineBreak false keeps it on one line.
    else pdf.font(item.font).fontSize(item.size).fillColor(item.color).text(item.text, item.x, item.y, { lineBreak: false });
  }
}

/** A title, the page address, the time it was made, and one block per section. */
function drawSections(pdf: PdfKitDocument, document: PdfDocument): void {
  pdf.addPage({ size: 'A4', margin: 50 });
  pdf.font('Helvetica-Bold').fontSize(18).text(document.title);
  pdf.moveDown(0.3).font('Helvetica').fontSize(9).fillColor('#555555').text(`Page: ${document.pageUrl}`);
  pdf.text(`Generated: ${document.generatedAt}`).fillColor('#000000');
  for (const section of document.sections) {
    pdf.moveDown(1).font('Helvetica-Bold').fontSize(12).text(section.heading);
    pdf.moveDown(0.3).font('Helvetica').fontSize(10);
    for (const line of section.lines.length > 0 ? section.lines : ['(nothing)']) pdf.text(line);
  }
}

/**
 * Renders a document with pdfkit: its laid-out pages when it has them (the medication plan),
 * else its sections as text. Node only (pdfkit reads its fonts from disk).
 */
export const renderPdf: PdfRenderer = async (document: PdfDocument) => {
  // Loaded on the first PDF, not at start: pdfkit and its fonts weigh about 6 MB of heap.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ autoFirstPage: false, info: { Title: document.title, Creator: 'medsched reference server' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
    if (document.drawing) for (const page of document.drawing.pages) drawPage(pdf, page);
    else drawSections(pdf, document);
    pdf.end();
  });
};
