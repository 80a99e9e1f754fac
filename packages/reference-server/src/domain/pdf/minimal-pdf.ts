import { helveticaAscender } from './helvetica-metrics.js';
import type { PdfDocument, PdfPage, PdfRenderer } from './pdf-document.js';

/**
 * A small PDF writer with Web APIs only, for where pdfkit cannot run (msw in a browser, or
 * in-process without Node's file system): Helvetica text on A4 pages, Latin-1 characters
 * (others become "?"), or a laid-out drawing (the medication plan) with its lines and boxes.
 * The Node server renders with pdfkit instead.
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

/** `#1f3a5f` as PDF colour operands `0.122 0.227 0.373`. */
function rgb(hex: string): string {
  return [1, 3, 5].map((at) => (parseInt(hex.slice(at, at + 2), 16) / 255).toFixed(3)).join(' ');
}

/** The content stream of a laid-out page (top-left coordinates turned into PDF's bottom-left). */
function drawingContent(page: PdfPage): string {
  const y = (top: number) => (page.height - top).toFixed(2);
  return page.items
    .map((item) => {
      switch (item.kind) {
        case 'box':
          return `${rgb(item.fill)} rg ${item.x.toFixed(2)} ${y(item.y + item.height)} ${item.width.toFixed(2)} ${item.height.toFixed(2)} re f`;
        case 'line':
          return `${rgb(item.color)} RG ${item.width} w ${item.x1.toFixed(2)} ${y(item.y1)} m ${item.x2.toFixed(2)} ${y(item.y2)} l S`;
        case 'text':
          return `BT ${rgb(item.color)} rg /${item.font === 'Helvetica-Bold' ? 'F2' : 'F1'} ${item.size} Tf ${item.x.toFixed(2)} ${y(item.y + (helveticaAscender / 1000) * item.size)} Td ${pdfString(item.text)} Tj ET`;
      }
    })
    .join('\n');
}

/** Renders a document into the bytes of a PDF file. */
export const renderMinimalPdf: PdfRenderer = async (document) => {
  const lines = layout(document);
  const pages: { content: string; width: number; height: number }[] = [];
  if (document.drawing) {
    for (const page of document.drawing.pages) pages.push({ content: drawingContent(page), width: page.width, height: page.height });
  } else {
    for (let start = 0; start < lines.length; start += linesPerPage) pages.push({ content: pageContent(lines.slice(start, start + linesPerPage)), width: 595, height: 842 });
  }

  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(document.title)} /Creator (medsched reference server) >>`;
  pages.forEach(({ content, width, height }, index) => {
    objects[pageIds[index]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`;
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
