import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The text of a PDF's pages as a viewer reads it, with pdfjs-dist: the library the reference
 * server's plan tests read PDFs with, resolved through that package (a dev dependency there), so
 * the CLI adds no dependency of its own for it.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const fromServer = createRequire(createRequire(import.meta.url).resolve('@medsched/reference-server/package.json'));
  const pdfjs = (await import(pathToFileURL(fromServer.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href)) as typeof import('pdfjs-dist');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== '').join('\n'));
  }
  await document.destroy();
  return pages;
}
