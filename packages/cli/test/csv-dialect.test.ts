import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { useSignedInCli } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');
const day = ['--from', '2026-04-06', '--to', '2026-04-06'];

const cli = useSignedInCli(nurse);

beforeAll(async () => {
  // Two halves and a whole tablet on one day, one of them with a separator in its title.
  for (const [name, time, amount] of [
    ['Half; morning', '08:00', '0.5'],
    ['Evening', '18:00', '1.5'],
    ['Noon', '12:00', '1'],
  ] as const) {
    const created = await runCli(['calendar', 'create', '--patient', clara.userId, '--name', name, '--date', '2026-04-06', '--time', time, '--amount', amount, '--unit', 'tablet', '--yes'], cli.env);
    expect(created.code, created.stderr).toBe(0);
  }
  expect((await runCli(['bake', '--patient', clara.userId, ...day, '--yes'], cli.env)).code).toBe(0);
});

/** Cells of one CSV document, as a spreadsheet's import splits them (RFC 4180 quotes, CRLF rows). */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * A cell as LibreOffice Calc with a German locale reads it on import (standard options): a number
 * with a decimal comma, an ISO date, a time; anything else is text, which SUM skips.
 */
function germanCalcValue(cell: string): { kind: 'number'; value: number } | { kind: 'date' | 'time' | 'text' } {
  if (/^-?\d+(,\d+)?$/.test(cell)) return { kind: 'number', value: Number(cell.replace(',', '.')) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(cell)) return { kind: 'date' };
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(cell)) return { kind: 'time' };
  return { kind: 'text' };
}

function sumOfAmounts(rows: string[][]): number {
  const amount = (rows[0] ?? []).indexOf('amount');
  return rows.slice(1).reduce((sum, row) => {
    const value = germanCalcValue(row[amount] ?? '');
    return value.kind === 'number' ? sum + value.value : sum;
  }, 0);
}

describe('CSV in the reader’s dialect', () => {
  it('LANG=de_DE.UTF-8: semicolons and decimal commas, so that a German spreadsheet sums the halves; times and dates read as such', async () => {
    const csv = await runCli(['bake', 'show', '--patient', clara.userId, ...day, '--output', 'csv'], { ...cli.env, LANG: 'de_DE.UTF-8' });
    expect(csv.code, csv.stderr).toBe(0);
    const [header] = csv.stdout.split('\r\n');
    expect(header).toBe('date;time;utcOffset;timeZone;patient;patientId;medication;amount;unit;title;device;id');
    expect(csv.stdout).toMatch(/^2026-04-06;08:00;UTC\+02:00;Europe\/Berlin;Clara Claus;[0-9a-f]{24};;0,5;tablet;"Half; morning";/m);
    expect(csv.stdout).toMatch(/;1,5;tablet;Evening;/);
    const rows = parseCsv(csv.stdout, ';');
    expect(rows.every((row) => row.length === rows[0]?.length)).toBe(true);
    // Every amount of the day counts, halves included, as in the JSON answer.
    const json = await runCli(['bake', 'show', '--patient', clara.userId, ...day, '--json', 'amount'], cli.env);
    const amounts = (JSON.parse(json.stdout) as { amount: number }[]).map((row) => row.amount);
    expect(amounts).toContain(0.5);
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    expect(sumOfAmounts(rows)).toBe(total);
    const first = rows[1] as string[];
    expect(germanCalcValue(first[0] as string).kind).toBe('date');
    expect(germanCalcValue(first[1] as string).kind).toBe('time');

    // The same file in the comma dialect, read by a German spreadsheet, loses the halves: what this prevents.
    const comma = await runCli(['bake', 'show', '--patient', clara.userId, ...day, '--output', 'csv', '--csv-dialect', 'comma'], { ...cli.env, LANG: 'de_DE.UTF-8' });
    expect(comma.stdout).toMatch(/,0\.5,tablet,/);
    expect(sumOfAmounts(parseCsv(comma.stdout, ','))).toBe(total - 2);
  });

  it('the locale decides only where nothing else does: LC_ALL over LANG, de_CH has a decimal point, the profile and the flag win', async () => {
    const show = (extra: Record<string, string>, args: string[] = []) =>
      runCli(['bake', 'show', '--patient', clara.userId, ...day, '--output', 'csv', '--fields', 'time,amount', ...args], { ...cli.env, ...extra });
    expect((await show({ LANG: 'fr_FR.UTF-8' })).stdout).toContain('08:00;0,5\r\n');
    expect((await show({ LANG: 'de_CH.UTF-8' })).stdout).toContain('08:00,0.5\r\n');
    expect((await show({ LANG: 'de_DE.UTF-8', LC_ALL: 'en_US.UTF-8' })).stdout).toContain('08:00,0.5\r\n');
    expect((await show({ LANG: 'C.UTF-8' })).stdout).toContain('08:00,0.5\r\n');
    expect((await show({ LANG: 'C.UTF-8' }, ['--csv-dialect', 'semicolon'])).stdout).toContain('08:00;0,5\r\n');

    const profileEnv = { ...cli.env, MEDSCHED_CONFIG_DIR: tempConfigDir(), LANG: 'en_US.UTF-8' };
    expect((await runCli(['config', 'set', 'csv-dialect', 'semicolon'], profileEnv)).code).toBe(0);
    expect((await runCli(['bake', 'show', '--patient', clara.userId, ...day, '--output', 'csv', '--fields', 'time,amount'], profileEnv)).stdout).toContain('08:00;0,5\r\n');
    const list = await runCli(['config', 'list', '--json'], profileEnv);
    expect(JSON.parse(list.stdout)).toContainEqual({ key: 'csv-dialect', value: 'semicolon', source: 'profile' });
    const fromLocale = await runCli(['config', 'list', '--json'], { ...cli.env, MEDSCHED_CONFIG_DIR: tempConfigDir(), LANG: 'de_DE.UTF-8' });
    expect(JSON.parse(fromLocale.stdout)).toContainEqual({ key: 'csv-dialect', value: 'semicolon', source: 'locale de-DE' });

    const wrong = await runCli(['config', 'set', 'csv-dialect', 'german'], profileEnv);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('comma or semicolon');
    expect((await runCli(['bake', 'show', '--patient', clara.userId, ...day, '--output', 'csv', '--csv-dialect', 'tab'], cli.env)).code).toBe(2);
  });
});
