import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Browsers, PDF parsing and npm installs on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60000, hookTimeout: 180_000 });
import { maxPlanDays, readPlanRange } from '../src/domain/pdf/plan-range.js';
import type { RunningServer } from '../src/node/index.js';
import { ensureOutputDir } from './support/browser.js';
import { org1 } from './support/demo.js';
import { readPdf, renderPageToPng, type PdfPageText } from './support/pdf-reader.js';
import { clientFor, startTestServer } from './support/server.js';
import { appUrl, now, planPdf, week } from './support/plan-pdf.js';

/**
 * The medication plan PDF as a pharmacy prints it, read back with pdfjs-dist: one A4 landscape
 * page for a week of twelve medications, each dose in the cell of its row, day and intake time.
 */

const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const labels = ['Mon 23 Nov', 'Tue 24 Nov', 'Wed 25 Nov', 'Thu 26 Nov', 'Fri 27 Nov', 'Sat 28 Nov', 'Sun 29 Nov'];
type Slot = 'morning' | 'noon' | 'evening' | 'night';
const slotLabel: Record<string, Slot> = { morn: 'morning', noon: 'noon', eve: 'evening', night: 'night' };

let server: RunningServer;

/** One intake of the plan: what is entered, and on which days it must show in which slot. */
interface Intake {
  medication: string;
  entry: { name: string; date: string; intakeTime?: string; timeCategory?: Slot; rrule?: string; amount?: number; unit?: string; instruction?: string; emptyStomach?: boolean };
  days: string[];
  slot: Slot;
  dose: string;
}

const daily = (date = week.from) => ({ date, rrule: 'FREQ=DAILY' });
const intakes: Intake[] = [
  { medication: 'Metformin 500 mg', entry: { name: 'Metformin', ...daily(), intakeTime: '08:00', amount: 1, unit: 'tablet', instruction: 'With meals' }, days, slot: 'morning', dose: '1' },
  { medication: 'Metformin 500 mg', entry: { name: 'Metformin', ...daily(), intakeTime: '18:00', amount: 1, unit: 'tablet', instruction: 'With meals' }, days, slot: 'evening', dose: '1' },
  { medication: 'Bisoprolol 2.5 mg', entry: { name: 'Bisoprolol', ...daily(), intakeTime: '07:30', amount: 0.5, unit: 'tablet', instruction: 'Swallow whole' }, days, slot: 'morning', dose: '½' },
  { medication: 'Simvastatin 20 mg', entry: { name: 'Simvastatin', ...daily(), timeCategory: 'night', amount: 1, unit: 'tablet' }, days, slot: 'night', dose: '1' },
  { medication: 'Pantoprazole 40 mg', entry: { name: 'Pantoprazole', ...daily(), intakeTime: '06:30', amount: 1, unit: 'tablet', emptyStomach: true }, days, slot: 'morning', dose: '1' },
  {
    medication: 'Torasemide 10 mg',
    entry: { name: 'Torasemide', date: week.from, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', intakeTime: '08:00', amount: 1, unit: 'tablet' },
    days: ['2026-11-23', '2026-11-25', '2026-11-27'],
    slot: 'morning',
    dose: '1',
  },
  {
    medication: 'Vitamin D3 1000 IU',
    entry: { name: 'Vitamin D3', date: week.from, rrule: 'FREQ=WEEKLY;BYDAY=SU', timeCategory: 'noon', amount: 2, unit: 'capsule' },
    days: ['2026-11-29'],
    slot: 'noon',
    dose: '2',
  },
  {
    medication: 'Levothyroxine 75 µg',
    entry: { name: 'Levothyroxine', ...daily(), intakeTime: '06:00', amount: 1, unit: 'tablet', instruction: '30 minutes before breakfast' },
    days,
    slot: 'morning',
    dose: '1',
  },
  { medication: 'Amlodipine 5 mg', entry: { name: 'Amlodipine', ...daily(), intakeTime: '19:00', amount: 1.5, unit: 'tablet' }, days, slot: 'evening', dose: '1½' },
  {
    medication: 'Ibuprofen 400 mg',
    entry: { name: 'Ibuprofen', date: '2026-11-25', timeCategory: 'noon', amount: 1, unit: 'tablet', instruction: 'After meals, if needed' },
    days: ['2026-11-25'],
    slot: 'noon',
    dose: '1',
  },
  {
    medication: 'Ibuprofen 400 mg',
    entry: { name: 'Ibuprofen', date: '2026-11-26', intakeTime: '12:30', amount: 1, unit: 'tablet', instruction: 'After meals, if needed' },
    days: ['2026-11-26'],
    slot: 'noon',
    dose: '1',
  },
  {
    medication: 'Furosemide 40 mg',
    entry: { name: 'Furosemide', date: week.from, rrule: 'FREQ=DAILY;INTERVAL=2', intakeTime: '09:00', amount: 1, unit: 'tablet' },
    days: ['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-29'],
    slot: 'morning',
    dose: '1',
  },
  { medication: 'Lactulose', entry: { name: 'Lactulose', ...daily(), intakeTime: '21:30', amount: 15, unit: 'ml' }, days, slot: 'night', dose: '15' },
  // From the demo seed: patient1's daily "Daily dose" series of Ramipril 5 mg, morning, before breakfast.
  { medication: 'Ramipril 5 mg', entry: { name: '(demo seed)', date: week.from }, days, slot: 'morning', dose: '1' },
];
const seeded = new Set(['Ramipril 5 mg']);
/** The name as the grid shows it: the strength goes to its own line. */
const shownName = (medication: string) => medication.replace(/\s+\d+(?:\.\d+)?\s?(?:mg|µg|IU)$/, '');

/** Adds the medications and entries of `intakes` for demo patient1 and bakes the week. */
async function preparePlan(server: RunningServer): Promise<void> {
  const staff = clientFor(server, { apiKey: org1.user.apiKey });
  const ids = new Map<string, string>();
  for (const medication of new Set(intakes.map((intake) => intake.medication))) {
    if (seeded.has(medication)) continue;
    ids.set(medication, (await staff.medications.create({ name: medication, organization: org1.id })).id);
  }
  for (const intake of intakes) {
    if (seeded.has(intake.medication)) continue;
    await staff.calendars.create({ patient: org1.patient.userId, medication: ids.get(intake.medication)!, ...intake.entry });
  }
  await staff.calendars.bake.create({ patient: org1.patient.userId, ...week });
}

/**
 * The doses read back from a page by position: a dose belongs to the row whose band (from its
 * medication name down to the next one) holds it, and to the nearest day-and-slot column header.
 */
function dosesOnPage(page: PdfPageText, medicationNames: string[]): Map<string, string> {
  const rowTops = page.items.filter((item) => medicationNames.includes(item.text)).sort((a, b) => b.y - a.y);
  const dayHeaders = page.items.filter((item) => labels.includes(item.text));
  const slotHeaders = page.items.filter((item) => item.text in slotLabel).map((item) => ({ ...item, center: item.x + item.width / 2 }));
  expect(dayHeaders).toHaveLength(7);
  expect(slotHeaders).toHaveLength(28);
  const headerY = slotHeaders[0]!.y;
  const doses = new Map<string, string>();
  for (const item of page.items) {
    if (!/^(\d+|\d*[¼½¾])$/.test(item.text) || item.y >= headerY) continue;
    const center = item.x + item.width / 2;
    const column = slotHeaders.reduce((best, header) => (Math.abs(header.center - center) < Math.abs(best.center - center) ? header : best));
    const day = dayHeaders.reduce((best, header) => (Math.abs(header.x + header.width / 2 - center) < Math.abs(best.x + best.width / 2 - center) ? header : best));
    const row = rowTops.filter((top) => top.y >= item.y - 4).at(-1);
    expect(row, `a dose ${item.text} outside every row`).toBeDefined();
    const key = `${row!.text} | ${days[labels.indexOf(day.text)]} | ${slotLabel[column.text]}`;
    expect(doses.has(key), `two doses in one cell: ${key}`).toBe(false);
    doses.set(key, item.text);
  }
  return doses;
}

function expectedDoses(): Map<string, string> {
  const expected = new Map<string, string>();
  for (const intake of intakes) for (const day of intake.days) expected.set(`${shownName(intake.medication)} | ${day} | ${intake.slot}`, intake.dose);
  return expected;
}

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(now) });
  await preparePlan(server);
}, 60_000);
afterAll(() => server.close());

describe('the week plan', () => {
  it('fits one A4 landscape page with every dose in the cell of its row, day and intake time', async () => {
    const bytes = await planPdf(server, `${appUrl}/patients/${org1.patient.userId}/plan?from=${week.from}&to=${week.to}`);
    const pages = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    const [page] = pages as [PdfPageText];
    expect([Math.round(page.width), Math.round(page.height)]).toEqual([842, 595]);
    const names = [...new Set(intakes.map((intake) => shownName(intake.medication)))];
    expect(names).toHaveLength(12);
    expect(Object.fromEntries(dosesOnPage(page, names))).toEqual(Object.fromEntries(expectedDoses()));

    const text = page.items.map((item) => item.text).join('\n');
    // pdfjs reads the micro sign (U+00B5) as the Greek mu (U+03BC): its text extraction normalises it.
    expect(text).toMatch(/75 [µμ]g · tablet/);
    for (const expected of [
      'Medication plan',
      'Clara Claus',
      'Sonnen-Apotheke',
      '23 Nov 2026 to 29 Nov 2026',
      'Europe/Berlin',
      '500 mg · tablet',
      '2.5 mg · tablet',
      'With meals',
      'Swallow whole',
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Instructions, including the empty-stomach flag, and the exact intake times.
    expect(text).toContain('On an empty stomach');
    expect(text).toContain('at 08:00, 18:00');
    // Footer: when (in the patient's time zone) and by whom.
    expect(text).toMatch(/Generated 2026-11-25 11:00 \(Europe\/Berlin\) by [^\n]+\(user@sonnen\.example\)/);
    // Other patients' medications are not on it.
    expect(text).not.toContain('Atorvastatin');

    const png = join(ensureOutputDir(), 'plan-week.png');
    const rendered = await renderPageToPng(bytes, 1, png);
    if (!rendered) console.warn(`no canvas on this machine: ${png} not drawn`);
  });
});

describe('the page address', () => {
  const page = (query: string) => `${appUrl}/patients/${org1.patient.userId}/plan${query}`;

  it('without a range shows the current week, Monday to Sunday, in the patient time zone; ?from= alone seven days', async () => {
    for (const address of [page(''), `${appUrl}/patients/${org1.patient.userId}`, page(`?from=${week.from}`), page(`?to=${week.to}`)]) {
      const [first] = await readPdf(await planPdf(server, address));
      expect(first!.items.map((item) => item.text).join('\n'), address).toContain('23 Nov 2026 to 29 Nov 2026');
    }
  });

  it('two weeks continue on a second page, with the header repeated and rows kept whole', async () => {
    const pages = await readPdf(await planPdf(server, page('?from=2026-11-23&to=2026-12-06')));
    expect(pages).toHaveLength(2);
    expect(pages[1]!.items.map((item) => item.text)).toEqual(expect.arrayContaining(['Mon 30 Nov', 'Sun 6 Dec', 'Medication', 'Clara Claus', 'Page 2 of 2']));
  });

  it('refuses, when signing, a range that is not a date, reversed, or longer than 31 days', async () => {
    const staff = clientFor(server, { apiKey: org1.user.apiKey });
    for (const query of ['?from=2026-02-30', '?from=2026-11-29&to=2026-11-23', '?from=2026-01-01&to=2026-03-01', '?to=tomorrow']) {
      await expect(staff.pdf.sign(page(query)), query).rejects.toMatchObject({ status: 400 });
    }
  });

  it('the signer in the link is signed too: naming someone else breaks the signature', async () => {
    const { signed } = await clientFor(server, { apiKey: org1.user.apiKey }).pdf.sign(page(''));
    expect(signed).toContain(`&by=${org1.user.userId}&`);
    const forged = signed.replace(`&by=${org1.user.userId}`, `&by=${org1.admin.userId}`);
    expect((await fetch(forged)).status).toBe(403);
    expect((await fetch(signed.replace(`&by=${org1.user.userId}`, ''))).status).toBe(403);
  });

  it('reads any query without throwing, and every range it accepts is ordered and at most 31 days (fuzzed)', () => {
    const date = fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const value = fc.oneof(date, fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(fc.option(value), fc.option(value), fc.constantFrom('UTC', 'Europe/Berlin', 'Pacific/Kiritimati', 'America/Adak'), (from, to, zone) => {
        const search = new URLSearchParams();
        if (from !== null) search.set('from', from);
        if (to !== null) search.set('to', to);
        const read = readPlanRange(search, new Date(now), zone);
        if (!read.ok) return;
        expect(read.range.from <= read.range.to).toBe(true);
        const length = (Date.parse(read.range.to) - Date.parse(read.range.from)) / 86_400_000 + 1;
        expect(length).toBeLessThanOrEqual(maxPlanDays);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('many medications', () => {
  it('break onto further pages between rows, never inside one', async () => {
    const staff = clientFor(server, { apiKey: org1.user.apiKey });
    const patient = await staff.users.create({ organization: org1.id, name: 'Max Mustermann', role: 'patient', timezone: 'Europe/Berlin', meta: { dateOfBirth: '1950-03-14' } });
    const names = Array.from({ length: 40 }, (_, index) => `Test medication ${String(index + 1).padStart(2, '0')} with a long name that wraps`);
    for (const name of names) {
      await staff.calendars.create({
        patient: patient.id,
        name,
        date: week.from,
        rrule: 'FREQ=DAILY',
        timeCategory: 'morning',
        amount: 1,
        unit: 'tablet',
        instruction: 'A long instruction that needs two lines in the narrow column of the grid',
      });
    }
    await staff.calendars.bake.create({ patient: patient.id, ...week });
    const pages = await readPdf(await planPdf(server, `${appUrl}/patients/${patient.id}/plan`));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.flatMap((page, index) => page.items.map((item) => ({ ...item, page: index })));
    // Each name wraps onto two lines: both lines of a row are on the same page, once.
    names.forEach((name, index) => {
      const first = all.filter((item) => name.startsWith(item.text) && item.text.startsWith(`Test medication ${String(index + 1).padStart(2, '0')} `));
      expect(first, `row ${index + 1}`).toHaveLength(1);
      const rest = name.slice(first[0]!.text.length + 1);
      expect(rest.length, `row ${index + 1} wraps`).toBeGreaterThan(0);
      expect(all.filter((item) => item.text === rest && item.page === first[0]!.page && item.y < first[0]!.y).length, `row ${index + 1} whole`).toBeGreaterThanOrEqual(1);
    });
    pages.forEach((page, index) => {
      const text = page.items.map((item) => item.text);
      expect(text).toEqual(expect.arrayContaining(['Medication', 'Max Mustermann', 'born 14 Mar 1950', `Page ${index + 1} of ${pages.length}`]));
    });
    // Names and instructions are printed whole (the row grows), not cut with "...".
    expect(all.filter((item) => item.text.endsWith('...') && !item.text.startsWith('Generated')).map((item) => item.text)).toEqual([]);
    expect(all.filter((item) => item.text.endsWith('of the grid'))).toHaveLength(names.length);
    await renderPageToPng(await planPdf(server, `${appUrl}/patients/${patient.id}/plan`), 2, join(ensureOutputDir(), 'plan-many-page2.png'));
  });
});
