import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endLeftoverTerminals, runInTerminal } from './support/pseudo-terminal.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let env: Record<string, string>;
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');
const day = ['--from', '2026-05-04', '--to', '2026-05-04'];
/** Names whose strength decides the dose: the two Metformins differ only after the 10th character. */
const medications = ['Metformin 500 mg', 'Metformin 1000 mg', 'Marcumar 3 mg', 'L-Thyroxin 75 µg'];
const rrule = 'FREQ=WEEKLY;BYDAY=MO,WE,FR';

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey, LANG: 'de_DE.UTF-8' };
  for (const [index, name] of medications.entries()) {
    const medication = await runCli(['medication', 'create', '--name', name, '--json', 'id', '--yes'], env);
    expect(medication.code, medication.stderr).toBe(0);
    const id = (JSON.parse(medication.stdout) as { id: string }).id;
    await createSeries(clara.userId, { name, date: '2026-05-04', time: `${String(7 + index).padStart(2, '0')}:00`, medication: id, amount: '0.5' });
  }
  expect((await runCli(['bake', '--patient', clara.userId, ...day, '--yes'], env)).code).toBe(0);
});

/** A draft series of tablets (on Mondays, Wednesdays and Fridays) for a patient, created as the nurse. */
async function createSeries(patient: string, series: { name: string; date: string; time: string; medication: string; amount: string }): Promise<void> {
  const entry = await runCli(
    [
      'calendar',
      'create',
      '--patient',
      patient,
      '--name',
      series.name,
      '--date',
      series.date,
      '--time',
      series.time,
      '--medication',
      series.medication,
      '--amount',
      series.amount,
      '--unit',
      'tablet',
      '--rrule',
      rrule,
      '--yes',
    ],
    env,
  );
  expect(entry.code, entry.stderr).toBe(0);
}

afterAll(async () => {
  endLeftoverTerminals();
  await server.close();
  expectNoSecretsInTranscript();
});

async function onScreen(args: string[], columns: number): Promise<{ lines: string[]; stderr: string }> {
  const errFile = join(tempConfigDir(), 'err.log');
  const shown = runInTerminal([...args, '--no-color', '--no-pager'], { ...env, COLUMNS: String(columns) }, { size: { columns, rows: 60 }, stderrFile: errFile });
  expect(await shown.closed, args.join(' ')).toBe(0);
  return { lines: shown.output().split(/\r?\n/), stderr: readFileSync(errFile, 'utf8') };
}

/**
 * The cells of a table on the screen, column by column: a row starts where its first column has
 * text, and a cell wrapped over several lines is joined (with a space, as it was split).
 */
function tableCells(lines: string[]): Map<string, string>[] {
  const top = lines.findIndex((line) => line.startsWith('DATE'));
  const header = lines[top] as string;
  const starts = [...header.matchAll(/\S+/g)].map((match) => ({ name: match[0], at: match.index }));
  const rows: Map<string, string>[] = [];
  // A list of several patients too narrow for their column has a line above each one's rows.
  let patient: string | undefined;
  for (const line of lines.slice(top + 1)) {
    if (line.trim() === '') break;
    const group = /^patient: (.+)$/.exec(line);
    if (group) {
      patient = group[1];
      continue;
    }
    const cells = starts.map((start, index) => [start.name, line.slice(start.at, starts[index + 1]?.at ?? line.length).trim()] as const);
    if ((cells[0]?.[1] ?? '') !== '') rows.push(new Map([...cells, ...(patient === undefined ? [] : [['PATIENT', patient] as const])]));
    else for (const [name, text] of cells) if (text !== '') rows.at(-1)?.set(name, `${rows.at(-1)?.get(name) ?? ''} ${text}`.trim());
  }
  return rows;
}

describe('tables never cut what could be misread', () => {
  it.each([120, 80, 60])(
    'at %i columns every medication name with its strength is whole (on one line, or in calendar list at 60, and at 80 beside the patient, wrapped between name and strength), nothing is cut, every line fits',
    async (columns) => {
      for (const args of [
        ['bake', 'show', '--patient', clara.userId, ...day],
        ['bake', 'show', '--all-patients', ...day],
        ['calendar', 'list', '--patient', clara.userId, '--all'],
        ['calendar', 'list', '--all'],
        ['medication', 'list'],
      ]) {
        const { lines } = await onScreen(args, columns);
        // calendar list keeps its rule at 60 columns too: there the name may continue on the cell's next line, its strength in one piece.
        // So may it at 80 in a list of several patients, which keeps for whom each row is (the patient's name wraps first).
        const wrapped = args[0] === 'calendar' && (columns === 60 || (columns === 80 && !args.includes('--patient')));
        const shown = wrapped ? tableCells(lines).map((row) => row.get('MEDICATION') ?? '') : lines;
        for (const name of medications)
          expect(
            shown.some((text) => text.includes(name)),
            `${args[0]} at ${columns}: ${name}\n${lines.join('\n')}`,
          ).toBe(true);
        if (wrapped)
          for (const name of medications)
            expect(
              lines.some((line) => line.includes(name.replace(/^\S+ /, ''))),
              name,
            ).toBe(true);
        for (const line of lines) expect([...line.normalize('NFC')].length, line).toBeLessThanOrEqual(columns);
        expect(lines.join('\n')).not.toContain('…');
      }
    },
  );

  it.each([120, 80, 60])(
    'at %i columns calendar list never cuts a rule (whole, wrapped after ; or , or named as left out), and keeps the medication wherever it keeps the title',
    async (columns) => {
      const { lines, stderr } = await onScreen(['calendar', 'list', '--patient', clara.userId, '--all'], columns);
      const screen = lines.join('\n');
      const leftOut = /Left out to fit \d+ columns: (.*)\./.exec(stderr)?.[1]?.split(', ') ?? [];
      if (!leftOut.includes('rrule'))
        expect(
          tableCells(lines).some((row) => row.get('RRULE')?.replace(/ /g, '') === rrule),
          screen,
        ).toBe(true);
      // A part of a rule on the screen is never the start of a longer rule cut off: no FREQ=…;B or BYDAY=MO,W.
      expect(screen).not.toMatch(/BYDAY=[A-Z,]*[A-Z](?![A-Z,])(?<!MO|TU|WE|TH|FR|SA|SU)/);
      // A medication's name and strength outrank a title (often the same words): the title goes first.
      const header = lines.find((line) => line.startsWith('DATE')) as string;
      expect(header).toMatch(/MEDICATION/);
      if (leftOut.includes('medication')) expect(leftOut).toContain('title');
    },
    120_000,
  );

  it.each([80, 60])('at %i columns calendar list keeps the rule whole (wrapped between its parts) and leaves out the title first', async (columns) => {
    const { lines, stderr } = await onScreen(['calendar', 'list', '--patient', clara.userId, '--all'], columns);
    const leftOut = /Left out to fit \d+ columns: ([^]*?)\.\n/.exec(stderr)?.[1]?.replace(/\s+/g, ' ').split(', ') ?? [];
    expect(leftOut, stderr).not.toContain('rrule');
    expect(leftOut, stderr).toContain('title');
    const rows = tableCells(lines);
    expect(
      rows.filter((row) => row.get('RRULE')?.replace(/ /g, '') === rrule),
      lines.join('\n'),
    ).toHaveLength(medications.length);
    for (const line of lines) expect([...line.normalize('NFC')].length, line).toBeLessThanOrEqual(columns);
  });

  it('at 120 columns one patient’s bake names the patient and zone once, above the table; calendar list shows the whole rule', async () => {
    const { lines } = await onScreen(['bake', 'show', '--patient', clara.userId, ...day], 120);
    expect(lines.join('\n')).toMatch(/^timeZone: Europe\/Berlin {2}patient: Clara Claus/m);
    const header = lines.find((line) => line.startsWith('DATE')) as string;
    expect(header).toMatch(/^DATE\s+TIME\s+MEDICATION\s+AMOUNT\s+UNIT/);
    expect(header).not.toContain('TIMEZONE');
    expect(lines.some((line) => /^2026-05-04\s+08:00\s+Metformin 1000 mg\s+0\.5\s+tablet/.test(line))).toBe(true);

    const list = await onScreen(['calendar', 'list', '--patient', clara.userId, '--all'], 120);
    expect(list.lines.some((line) => line.includes(rrule))).toBe(true);
    // At 60 the rule is either whole (wrapped after a ; or ,) or named as left out: never cut.
    const narrow = await onScreen(['calendar', 'list', '--patient', clara.userId, '--all'], 60);
    if (!/Left out to fit 60 columns: .*rrule/.test(narrow.stderr)) expect(tableCells(narrow.lines).some((row) => row.get('RRULE')?.replace(/ /g, '') === rrule)).toBe(true);
  });

  it('at 80 and 60 columns a list of several patients whose names do not fit says whose each row is, on a line above each patient’s rows', async () => {
    // Residents whose names cannot fit beside the rule even wrapped, each with the same evening series.
    const residents = ['Zoë Müller-Lüdenscheidt', 'Jürgen Ölßner', 'Ana María de la Peña Gutiérrez', 'Łukasz Żółkiewski'];
    for (const name of residents) {
      const created = await runCli(['user', 'create', '--name', name, '--role', 'patient', '--timezone', 'Europe/Berlin', '--json', 'id', '--yes'], env);
      expect(created.code, created.stderr).toBe(0);
      const patient = (JSON.parse(created.stdout) as { id: string }).id;
      await createSeries(patient, { name: 'Abendtablette', date: '2026-12-07', time: '20:00', medication: 'Marcumar 3 mg', amount: '1' });
    }
    for (const columns of [80, 60]) {
      const { lines, stderr } = await onScreen(['calendar', 'list', '--all'], columns);
      expect(stderr).not.toMatch(/Left out to fit[^.]*\bpatient\b/);
      const rows = tableCells(lines).filter((row) => row.get('DATE') === '2026-12-07');
      // Each resident's row under that resident's line: four rows that read the same but for it.
      expect(
        rows.map((row) => row.get('PATIENT')),
        lines.join('\n'),
      ).toEqual(residents);
      for (const line of lines) expect([...line.normalize('NFC')].length, line).toBeLessThanOrEqual(columns);
    }
  });
});
