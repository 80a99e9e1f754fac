import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { ensureOutputDir } from './support/browser.js';
import { org1 } from './support/demo.js';
import { readPdf, readPdfTitle, renderPageToPng, type PdfPageText } from './support/pdf-reader.js';
import { appUrl, now, planPdf, week } from './support/plan-pdf.js';
import { clientFor, startTestServer } from './support/server.js';

// PDF parsing on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60000, hookTimeout: 180_000 });

/** The plan PDF with names in every script the pharmacies' patients have, read back with pdfjs-dist. */

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(now) });
}, 60_000);
afterAll(() => server.close());

/** Whether `name` stands on one of the page's lines as a whole text (not inside a longer word). */
function printed(page: PdfPageText, name: string): boolean {
  return page.lines.some((line) => ` ${line} `.includes(` ${name} `));
}

describe('names in any script', () => {
  /** Creates a patient with these medications (a daily morning tablet each), bakes the week, returns the stored records. */
  async function planWith(patientName: string, medicationNames: string[], instruction: string) {
    const staff = clientFor(server, { apiKey: org1.user.apiKey });
    const patient = await staff.users.create({ organization: org1.id, name: patientName, role: 'patient', timezone: 'Europe/Warsaw', meta: { dateOfBirth: '1961-07-02' } });
    const medications = [];
    for (const name of medicationNames) {
      const medication = await staff.medications.create({ name, organization: org1.id });
      medications.push(medication);
      await staff.calendars.create({ patient: patient.id, medication: medication.id, name, date: week.from, rrule: 'FREQ=DAILY', timeCategory: 'morning', amount: 1, unit: 'tablet', instruction });
    }
    await staff.calendars.bake.create({ patient: patient.id, ...week });
    // What the server stored, read back: the PDF must show exactly this.
    const stored = await Promise.all(medications.map((medication) => staff.medications.get(medication.id)));
    return { patient, medications: stored };
  }

  it('prints Polish, Czech, Turkish, Greek, Cyrillic and Vietnamese names exactly as stored', async () => {
    const names = [
      'Żółć Łódź ęą ńś', // Polish
      'Příliš žluťoučký kůň', // Czech
      'İlaç Şurubu ğüşıöç', // Turkish
      'Παρακεταμόλη Ωμέγα', // Greek
      'Парацетамол Щёлково', // Russian
      'Ґедзь Їжак Єнот', // Ukrainian
      'Ъгъл Ѝстина', // Bulgarian
      'Thuốc hạ sốt', // Vietnamese
      'Größe Œuvre Ærø', // German, French, Danish
    ];
    const { patient, medications } = await planWith('Łukasz Żółć-Ωμέγα Жуков', names, 'Натощак, запить водой');
    const bytes = await planPdf(server, `${appUrl}/patients/${patient.id}/plan`);
    const [page, ...more] = await readPdf(bytes);
    expect(more).toHaveLength(0);
    for (const medication of medications) expect(printed(page!, medication.name), `${medication.name} in ${page!.lines.join('\n')}`).toBe(true);
    expect(printed(page!, patient.name)).toBe(true);
    expect(printed(page!, 'Натощак, запить водой')).toBe(true);
    // Nothing was replaced: no "?", no code point, no note.
    expect(page!.lines.join('\n')).not.toMatch(/\?|\[U\+|Not in this font/);
    expect(await readPdfTitle(bytes)).toBe(`Medication plan: ${patient.name}, ${week.from} to ${week.to}`);
    await renderPageToPng(bytes, 1, join(ensureOutputDir(), 'plan-scripts.png'));
  });

  it('prints a name stored decomposed (letter + combining accent) as its composed letters', async () => {
    const decomposed = 'Z\u0307o\u0301\u0142c\u0301 Ne\u0301ve\u0301';
    const { patient, medications } = await planWith('Decomposed Patient', [decomposed], '');
    expect(medications[0]!.name).toBe(decomposed);
    const [page] = await readPdf(await planPdf(server, `${appUrl}/patients/${patient.id}/plan`));
    expect(printed(page!, decomposed.normalize('NFC')), page!.lines.join('\n')).toBe(true);
  });

  it('prints characters the fonts lack (CJK) as their code points, never "?", and says so on the plan', async () => {
    const { patient, medications } = await planWith('Wang 王芳', ['Łukasz Żółć Ωμέγα 王'], '');
    const bytes = await planPdf(server, `${appUrl}/patients/${patient.id}/plan`);
    const [page] = await readPdf(bytes);
    expect(medications[0]!.name).toBe('Łukasz Żółć Ωμέγα 王');
    for (const text of ['Łukasz Żółć Ωμέγα [U+738B]', 'Wang [U+738B][U+82B3]', 'Not in this font, printed as [U+code]: U+738B, U+82B3', 'The stored text is unchanged; the app shows it in full.']) {
      expect(printed(page!, text), `${text} in ${page!.lines.join('\n')}`).toBe(true);
    }
    expect(page!.lines.join('\n')).not.toContain('?');
    // The document title is written in UTF-16: it keeps the name whole.
    expect(await readPdfTitle(bytes)).toBe(`Medication plan: Wang 王芳, ${week.from} to ${week.to}`);
    await renderPageToPng(bytes, 1, join(ensureOutputDir(), 'plan-fallback.png'));
  });
});
