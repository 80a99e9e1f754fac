import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The text of a PDF's pages as a viewer reads it, with pdfjs-dist: the library the reference
 * server's plan tests read PDFs with, resolved through that package (a dev dependency there), so
 * the CLI adds no dependency of its own for it.
 */
/** The little of pdfjs-dist's interface used here (its types are not a dependency of the CLI). */
interface PdfJs {
  getDocument(source: { data: Uint8Array; useSystemFonts: boolean; isEvalSupported: boolean; verbosity: number }): {
    promise: Promise<{ numPages: number; getPage(number: number): Promise<{ getTextContent(): Promise<{ items: { str?: string }[] }> }>; destroy(): Promise<void> }>;
  };
}

export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const fromServer = createRequire(createRequire(import.meta.url).resolve('@medsched/reference-server/package.json'));
  const pdfjs = (await import(pathToFileURL(fromServer.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href)) as PdfJs;
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => item.str ?? '')
        .filter((text) => text.trim() !== '')
        .join('\n'),
    );
  }
  await document.destroy();
  return pages;
}
