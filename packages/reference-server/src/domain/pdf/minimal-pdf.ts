import type { PdfDocument, PdfRenderer } from './pdf-document.js';

/**
 * A small PDF writer with Web APIs only, for where pdfkit cannot run (msw in a browser, or
 * in-process without Node's file system): Helvetica text on A4 pages, Latin-1 characters
 * (others become "?"). The Node server renders with pdfkit instead.
 */

const linesPerPage = 60;

/** PDF string literal: Latin-1 only, with the delimiters escaped. */
function pdfString(text: string): string {
  const latin1 = Array.from(text, (char) => (char.charCodeAt(0) <= 0xff && char.charCodeAt(0) >= 0x20 ? char : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

interface Line {
  text: string;
  bold: boolean;
  size: number;
}

function layout(document: PdfDocument): Line[] {
  const lines: Line[] = [
    { text: document.title, bold: true, size: 16 },
    { text: `Page: ${document.pageUrl}`, bold: false, size: 9 },
    { text: `Generated: ${document.generatedAt}`, bold: false, size: 9 },
  ];
  for (const section of document.sections) {
    lines.push({ text: '', bold: false, size: 10 }, { text: section.heading, bold: true, size: 12 });
    for (const text of section.lines.length > 0 ? section.lines : ['(nothing)']) lines.push({ text, bold: false, size: 10 });
  }
  return lines;
}

function pageContent(lines: Line[]): string {
  const operators = lines.map((line, index) => {
    const y = 800 - index * 12.5;
    return `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf 50 ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`;
  });
  return operators.join('\n');
}

/** Renders a document into the bytes of a PDF file. */
export const renderMinimalPdf: PdfRenderer = async (document) => {
  const lines = layout(document);
  const pages: Line[][] = [];
  for (let start = 0; start < lines.length; start += linesPerPage) pages.push(lines.slice(start, start + linesPerPage));

  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(document.title)} /Creator (medsched reference server) >>`;
  pages.forEach((pageLines, index) => {
    const content = pageContent(pageLines);
    objects[pageIds[index]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`;
    objects[pageIds[index]! + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  // Every character is Latin-1 by now, so string offsets are byte offsets.
  let text = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = text.length;
    text += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = text.length;
  text += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) text += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
};
