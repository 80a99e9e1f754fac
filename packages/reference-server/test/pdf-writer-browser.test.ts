import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// A browser and PDF parsing on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });
import { ensureOutputDir, launchRecordingBrowser, type RecordingBrowser } from './support/browser.js';
import { readPdf, readPdfTitle, renderPageToPng } from './support/pdf-reader.js';
import type { planPdf } from '../src/domain/pdf/pdf-file.js';

/** The page's window once the bundle below has run: the PDF writer as `window.medschedPdf`. */
type PdfWriterWindow = { medschedPdf: { planPdf: typeof planPdf } };

/**
 * The one PDF writer runs in a browser as it runs in Node (architecture.md: domain/ uses Web APIs
 * only, as msw in a service worker or a page does): bundled for the browser platform, where any
 * Node built-in fails the build, and run in headless Chromium; the bytes it returns are read
 * back with pdfjs-dist.
 */

const names = ['Żółć Łódź ęą ńś', 'Παρακεταμόλη Ωμέγα', 'Ґедзь Їжак Єнот', 'Příliš žluťoučký kůň', 'İlaç Şurubu ğüşıöç', 'Łukasz Żółć Ωμέγα 王'];

let bundle: { code: string; bytes: number };
let browser: RecordingBrowser;

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: "import { planPdf } from '../src/domain/pdf/pdf-file.js'; Object.assign(window, { medschedPdf: { planPdf } });",
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    loader: { '.woff': 'base64' },
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  bundle = { code, bytes: Buffer.byteLength(code) };
  browser = await launchRecordingBrowser();
}, 180_000);
afterAll(() => browser?.close());

describe('the PDF writer in a browser', () => {
  it('bundles without Node built-ins, and stays within its size: fonts, pdf-lib and fontkit', () => {
    // Measured 2026-11-25, minified (gzip): 1.73 MB (809 kB) in all; of it @pdf-lib/fontkit 985 kB
    // (384 kB), pdf-lib 432 kB (179 kB), the twelve WOFF files as base64 348 kB (256 kB). The
    // bound catches a whole font (Noto Sans CJK is ~16 MB) or a second copy slipping in.
    expect(bundle.bytes).toBeLessThan(2_000_000);
  });

  it('draws a plan in Chromium whose text reads back as stored', async () => {
    const page = await browser.context.newPage();
    await page.setContent('<!doctype html><title>pdf writer</title>');
    await page.addScriptTag({ content: bundle.code });
    const bytes = await page.evaluate(async (medications) => {
      const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
      const grid = {
        patient: { id: '64d002000000000000000003', name: 'Łukasz Żółć-Ωμέγα Жуков', dateOfBirth: '1961-07-02' },
        organization: 'Apteka Świętego Łazarza',
        range: { from: days[0]!, to: days[6]! },
        timeZone: 'Europe/Warsaw',
        days,
        rows: medications.map((medication: string) => ({
          medication,
          strength: '5 mg',
          unit: 'tablet',
          instructions: 'Натощак, запить водой',
          times: ['08:00'],
          doses: new Map(days.map((day) => [day, { morning: '½' }])),
        })),
        generatedAt: '2026-11-25 11:00',
        generatedBy: 'Zdeněk Dvořák (zdenek@example.test)',
        pageUrl: 'https://app.medsched.test/patients/64d002000000000000000003/plan',
        language: 'en' as const,
      };
      const pdf = await (window as unknown as PdfWriterWindow).medschedPdf.planPdf(grid, new Date('2026-11-25T10:00:00Z'));
      return Array.from(pdf);
    }, names);
    await page.close();
    const pdf = new Uint8Array(bytes);
    const [first, ...more] = await readPdf(pdf);
    expect(more).toHaveLength(0);
    const lines = first!.lines.map((line) => ` ${line} `);
    for (const text of [
      ...names.slice(0, -1),
      'Łukasz Żółć Ωμέγα [U+738B]',
      'Łukasz Żółć-Ωμέγα Жуков',
      'Apteka Świętego Łazarza',
      'Натощак, запить водой',
      'Not in this font, printed as [U+code]: U+738B',
    ]) {
      expect(
        lines.some((line) => line.includes(` ${text} `)),
        `${text} in ${first!.lines.join('\n')}`,
      ).toBe(true);
    }
    expect(lines.join('\n')).toContain('by Zdeněk Dvořák (zdenek@example.test)');
    expect(await readPdfTitle(pdf)).toBe('Medication plan: Łukasz Żółć-Ωμέγα Жуков, 2026-11-23 to 2026-11-29');
    await renderPageToPng(pdf, 1, join(ensureOutputDir(), 'plan-browser.png'));
  });
});
