import type { PdfDocument, PdfRenderer } from '../domain/pdf/pdf-document.js';

/**
 * Renders a document with pdfkit: a title, the page address, the time it was made, and
 * one block per section. Node only (pdfkit reads its fonts from disk).
 */
export const renderPdf: PdfRenderer = async (document: PdfDocument) => {
  // Loaded on the first PDF, not at start: pdfkit and its fonts weigh about 6 MB of heap.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: document.title, Creator: 'medsched reference server' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(18).text(document.title);
    pdf.moveDown(0.3).font('Helvetica').fontSize(9).fillColor('#555555').text(`Page: ${document.pageUrl}`);
    pdf.text(`Generated: ${document.generatedAt}`).fillColor('#000000');
    for (const section of document.sections) {
      pdf.moveDown(1).font('Helvetica-Bold').fontSize(12).text(section.heading);
      pdf.moveDown(0.3).font('Helvetica').fontSize(10);
      for (const line of section.lines.length > 0 ? section.lines : ['(nothing)']) pdf.text(line);
    }
    pdf.end();
  });
};
