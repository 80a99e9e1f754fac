import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@medsched/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { planLanguageOf, readPlanLanguage } from '../src/domain/pdf/plan-language.js';
import type { RunningServer } from '../src/node/index.js';
import { ensureOutputDir } from './support/browser.js';
import { org1 } from './support/demo.js';
import { readPdf, readPdfTitle, renderPageToPng } from './support/pdf-reader.js';
import { clientFor, startTestServer } from './support/server.js';

// PDF parsing on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * The plan in the reader's language: `lang=de|en` in the page address (signed with it), else the
 * signer's account language, else English. Read back with pdfjs-dist, as the other plan tests.
 */

const appUrl = 'https://app.medsched.test';
const now = Date.parse('2026-11-25T10:00:00.000Z');
const week = { from: '2026-11-30', to: '2026-12-06' };
let server: RunningServer;
let patientId = '';

const staff = () => clientFor(server, { apiKey: org1.user.apiKey });
const page = (query = `?from=${week.from}&to=${week.to}`) => `${appUrl}/patients/${patientId}/plan${query}`;

async function fetchPlan(address: string): Promise<Uint8Array> {
  const { signed } = await staff().pdf.sign(address);
  const response = await fetch(signed);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The plan's one page: its lines, and its text items (a dose is an item of its own). */
async function planText(address: string): Promise<{ bytes: Uint8Array; text: string; items: string[] }> {
  const bytes = await fetchPlan(address);
  const pages = await readPdf(bytes);
  expect(pages).toHaveLength(1);
  return { bytes, text: pages[0]!.lines.join('\n'), items: pages[0]!.items.map((item) => item.text) };
}

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(now) });
  const client = staff();
  const patient = await client.users.create({ organization: org1.id, name: 'Jürgen Müller', role: 'patient', timezone: 'Europe/Berlin', meta: { dateOfBirth: '1950-03-14' } });
  patientId = patient.id;
  const intakes = [
    { medication: 'Bisoprolol 2.5 mg', entry: { intakeTime: '07:30', amount: 0.5, unit: 'tablet', instruction: 'Swallow whole' } },
    { medication: 'Amlodipin 5 mg', entry: { intakeTime: '19:00', amount: 1.5, unit: 'tablet' } },
    { medication: 'Pantoprazol 40 mg', entry: { intakeTime: '06:30', amount: 1, unit: 'tablet', emptyStomach: true } },
    { medication: 'Simvastatin 20 mg', entry: { timeCategory: 'noon' as const, amount: 1, unit: 'tablet' } },
    { medication: 'Lactulose', entry: { timeCategory: 'night' as const, amount: 2.4, unit: 'ml' } },
  ];
  for (const { medication, entry } of intakes) {
    const { id } = await client.medications.create({ name: medication, organization: org1.id });
    await client.calendars.create({ patient: patientId, medication: id, name: medication, date: week.from, rrule: 'FREQ=DAILY', ...entry });
  }
  await client.calendars.bake.create({ patient: patientId, ...week });
}, 120_000);
afterAll(() => server.close());

describe('a German plan (lang=de)', () => {
  it('prints the words, dates and decimal commas a German care home reads; stored text as stored', async () => {
    const { bytes, text, items } = await planText(page(`?from=${week.from}&to=${week.to}&lang=de`));
    for (const expected of [
      'Medikationsplan',
      'Jürgen Müller',
      'Geburtsdatum 14.03.1950',
      '30.11.2026 bis 06.12.2026',
      'Zeitzone Europe/Berlin',
      `Patienten-ID ${patientId}`,
      'Medikament',
      'Stärke · Einheit',
      'Hinweise',
      'Einnahmezeiten',
      'Mo 30.11.',
      'Mi 02.12.',
      'So 06.12.',
      'mo = morgens 05:00-10:59',
      'mi = mittags 11:00-14:59',
      'ab = abends 15:00-20:59',
      'zN = zur Nacht 21:00-04:59',
      'Nüchtern',
      'um 06:30',
      'Erstellt am 25.11.2026 11:00 (Europe/Berlin) von',
      'medsched-Referenzserver',
      'Seite 1 von 1',
    ])
      expect(text, expected).toContain(expected);
    // What was stored prints as stored: the strength keeps its point, the instruction its words.
    expect(text).toContain('2.5 mg · tablet');
    expect(text).toContain('Swallow whole');
    // Doses: halves as glyphs, other fractions with a decimal comma; seven days each.
    expect(items.filter((cell) => cell === '½')).toHaveLength(7);
    expect(items.filter((cell) => cell === '1½')).toHaveLength(7);
    expect(items.filter((cell) => cell === '2,4')).toHaveLength(7);
    expect(text).not.toMatch(/2\.4|Medication plan|Instructions|Page 1 of 1|on an empty stomach/);
    // Every text is composed (NFC), as the plan prints stored names.
    expect(text).toBe(text.normalize('NFC'));
    expect(await readPdfTitle(bytes)).toBe('Medikationsplan: Jürgen Müller, 30.11.2026 bis 06.12.2026');
    await renderPageToPng(bytes, 1, join(ensureOutputDir(), 'plan-german.png'));
  });

  it('says in German which characters the fonts lack, still printed as their code points', async () => {
    const client = staff();
    const patient = await client.users.create({ organization: org1.id, name: 'Wang 王芳', role: 'patient', timezone: 'Europe/Berlin' });
    await client.calendars.create({ patient: patient.id, name: 'Ibuprofen 400 mg', date: week.from, timeCategory: 'morning', amount: 1, unit: 'tablet' });
    await client.calendars.bake.create({ patient: patient.id, from: week.from, to: week.from });
    const [plan] = await readPdf(await fetchPlan(`${appUrl}/patients/${patient.id}/plan?from=${week.from}&lang=de`));
    const text = plan!.lines.join('\n');
    for (const expected of [
      'Wang [U+738B][U+82B3]',
      'Nicht in dieser Schrift, gedruckt als [U+Code]: U+738B, U+82B3',
      'Der gespeicherte Text ist unverändert; die App zeigt ihn vollständig.',
      'Geburtsdatum nicht erfasst',
      '400 mg · tablet',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // No "?" for a character, only the one of the page address in the footer.
    expect(text.replace(/https:\/\/\S+/g, '')).not.toContain('?');
  });

  it('reads as German to pdftotext too (where poppler-utils is installed)', async (context) => {
    if (spawnSync('pdftotext', ['-v']).error !== undefined) context.skip('pdftotext is not installed (apt-get install poppler-utils)');
    const file = join(mkdtempSync(join(tmpdir(), 'plan-de-')), 'plan.pdf');
    writeFileSync(file, await fetchPlan(page(`?from=${week.from}&to=${week.to}&lang=de`)));
    const layout = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString();
    const lines = layout.split('\n').filter((line) => line.trim() !== '');
    expect(lines[0]).toMatch(/^Medikationsplan\s+Sonnen-Apotheke$/);
    expect(lines[1]).toMatch(/^Jürgen Müller\s+Geburtsdatum 14\.03\.1950$/);
    expect(lines[2]).toMatch(/^30\.11\.2026 bis 06\.12\.2026 · Zeitzone Europe\/Berlin\s+Patienten-ID [0-9a-f]{24}$/);
    expect(layout).toMatch(/Pantoprazol[^\n]*Nüchtern/);
  });
});

describe('the language of a plan', () => {
  it('English with lang=en; the German and English PDFs of one link each come back byte for byte', async () => {
    const { text, items } = await planText(page(`?from=${week.from}&to=${week.to}&lang=en`));
    for (const expected of ['Medication plan', 'born 14 Mar 1950', '30 Nov 2026 to 6 Dec 2026', 'times in Europe/Berlin', 'Mon 30 Nov', 'Instructions', 'On an empty stomach', 'Page 1 of 1']) {
      expect(text, expected).toContain(expected);
    }
    expect(items.filter((cell) => cell === '2.4')).toHaveLength(7);
    // One link fetched twice: the same bytes (the cache); the German and the English link differ.
    const client = staff();
    const [german, english] = await Promise.all([client.pdf.sign(page('?lang=de')), client.pdf.sign(page('?lang=en'))]);
    const bytesOf = async (link: string) => Buffer.from(await (await fetch(link)).arrayBuffer());
    const firstGerman = await bytesOf(german.signed);
    expect((await bytesOf(german.signed)).equals(firstGerman)).toBe(true);
    expect((await bytesOf(english.signed)).equals(firstGerman)).toBe(false);
  });

  it("without lang follows the signer's account language (de-DE German, fr English) when the link is fetched", async () => {
    const client = staff();
    const signed = (await client.pdf.sign(page())).signed;
    const title = async () => readPdfTitle(new Uint8Array(await (await fetch(signed)).arrayBuffer()));
    expect(await title()).toBe('Medication plan: Jürgen Müller, 2026-11-30 to 2026-12-06');
    try {
      await client.accounts.update(org1.user.accountId, { language: 'de-DE' });
      // The same link, the same data, another language: the cache gives the German PDF, not the English one.
      expect(await title()).toBe('Medikationsplan: Jürgen Müller, 30.11.2026 bis 06.12.2026');
      await client.accounts.update(org1.user.accountId, { language: 'fr' });
      expect(await title()).toBe('Medication plan: Jürgen Müller, 2026-11-30 to 2026-12-06');
      // The address wins over the account.
      await client.accounts.update(org1.user.accountId, { language: 'de' });
      expect(await readPdfTitle(await fetchPlan(page('?lang=en')))).toMatch(/^Medication plan: /);
    } finally {
      await client.accounts.update(org1.user.accountId, { language: null });
    }
  });

  it('refuses, when signing, a language it does not print, naming the ones it does; a changed lang breaks the signature', async () => {
    for (const query of ['?lang=fr', '?lang=DE', '?lang=', '?lang=de&lang=en', '?lang=de-DE']) {
      const refused = await staff()
        .pdf.sign(page(query))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused, query).toMatchObject({ status: 400 });
      expect(JSON.stringify(refused), query).toContain('de or en');
    }
    const { signed } = await staff().pdf.sign(page('?lang=de'));
    const forged = await fetch(signed.replace('lang%3Dde', 'lang%3Den'));
    await forged.arrayBuffer();
    expect(forged.status).toBe(403);
  });

  it('reads any lang without throwing: one of de, en or a reason naming both (fuzzed, and over HTTP)', async () => {
    const junk = fc.oneof(fc.constantFrom('de', 'en', 'DE', 'de-DE', 'en_GB', ''), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
    // One retry, as the SDK makes by default: the first request of this test has been seen to meet a
    // reset kept-alive connection (ECONNRESET before the server parsed it), which is not what this tests.
    const signer = createClient({ baseUrl: server.url, apiKey: org1.user.apiKey, maxRetries: 1 });
    await fc.assert(
      fc.asyncProperty(junk, async (value) => {
        const outcome = await signer.pdf.sign(page(`?lang=${encodeURIComponent(value)}`)).then(
          () => 200,
          (error: unknown) => (error as { status?: number }).status,
        );
        expect(outcome, value).toBe(value === 'de' || value === 'en' ? 200 : 400);
      }),
      { numRuns: 40 },
    );
    // The pure property last: it blocks this process (and the server in it) for a while, and a
    // kept-alive connection reused after such a pause may be reset.
    fc.assert(
      fc.property(fc.array(junk, { maxLength: 3 }), fc.option(fc.string({ maxLength: 40 })), (values, account) => {
        const search = new URLSearchParams(values.map((value) => ['lang', value]));
        const read = readPlanLanguage(search);
        const valid = values.length === 1 && (values[0] === 'de' || values[0] === 'en');
        expect(read.ok && read.language !== undefined).toBe(valid);
        if (values.length === 0) expect(read).toEqual({ ok: true, language: undefined });
        if (!read.ok) expect(read.reason).toContain('de or en');
        expect(['de', 'en']).toContain(planLanguageOf(read.ok ? read.language : undefined, account));
      }),
      { numRuns: 1000 },
    );
  });
});
