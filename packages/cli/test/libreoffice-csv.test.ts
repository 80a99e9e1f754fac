import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@medsched/sdk';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

/**
 * The German CSV dialect proven by LibreOffice itself, where it is installed
 * (`apt-get install --no-install-recommends libreoffice-calc-nogui`): the home's week written by
 * the CLI, imported headless as German Calc imports it (`;`, language 1031 de-DE), saved as flat
 * ODS, whose XML names each cell's type. One conversion for the file: soffice starts slowly.
 */

const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();
const conversionTimeoutMs = 150_000;
const nurse = demoUser(0, 'user');
const week = ['--from', '2026-04-06', '--to', '2026-04-12'];
let server: RunningServer;
let env: Record<string, string>;

beforeAll(async () => {
  if (soffice === '') return;
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
  const client = createClient({ baseUrl: server.url, apiKey: nurse.apiKey });
  const organization = nurse.organizationId;
  const patient = await client.users.create({ organization, name: 'Jürgen Müller', role: 'patient', timezone: 'Europe/Berlin' });
  for (const [time, amount] of [
    ['08:00', 0.5],
    ['18:00', 1.5],
  ] as const) {
    await client.calendars.create({ patient: patient.id, name: 'Bisoprolol 2.5 mg', date: '2026-04-06', rrule: 'FREQ=DAILY', intakeTime: time, amount, unit: 'tablet' });
  }
  await client.calendars.bake.create({ patient: patient.id, from: '2026-04-06', to: '2026-04-12' });
}, 60_000);
afterAll(async () => {
  if (soffice === '') return;
  await server.close();
  expectNoSecretsInTranscript();
});

/** Converts `csv` to flat ODS with soffice, killed (its whole process group) if it takes too long. */
async function convertToFods(folder: string, csv: string): Promise<string> {
  // Its own profile: a first start writes one, and a shared one could be locked by another soffice.
  const profile = `file://${join(folder, 'profile')}`;
  const args = [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--infilter=CSV:59,34,76,1,,1031', '--convert-to', 'fods', '--outdir', join(folder, 'out'), csv];
  const child = spawn(soffice, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LANG: 'C.UTF-8' } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), conversionTimeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  expect(code, `soffice ${args.join(' ')}\n${output}`).toBe(0);
  return readFileSync(join(folder, 'out', 'week.fods'), 'utf8');
}

/** The cells of the first sheet: each cell's value type and value, as LibreOffice stored them. */
function sheetCells(fods: string): { type: string; value: string; text: string }[][] {
  const table = /<table:table [\s\S]*?<\/table:table>/.exec(fods)?.[0] ?? '';
  return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)]
    .map(([, row]) =>
      [...row!.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(([, attributes = '', body = '']) => {
        const cell = {
          type: /office:value-type="([^"]+)"/.exec(attributes)?.[1] ?? 'empty',
          value: /office:(?:value|date-value|time-value)="([^"]+)"/.exec(attributes)?.[1] ?? '',
          text: body.replace(/<[^>]+>/g, '').trim(),
        };
        // Equal neighbours (empty cells, mostly) are written once with a repeat count.
        return Array.from({ length: Number(/table:number-columns-repeated="(\d+)"/.exec(attributes)?.[1] ?? 1) }, () => cell);
      }),
    )
    .filter((row) => row.some((cell) => cell.type !== 'empty'));
}

describe('the German CSV in LibreOffice itself', () => {
  it.skipIf(soffice === '')(
    'amounts are numbers whose sum includes the halves; dates and times are dates and times',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'medsched-soffice-'));
      try {
        const csv = await runCli(['bake', 'show', '--all-patients', ...week, '--output', 'csv'], { ...env, LANG: 'de_DE.UTF-8' });
        expect(csv.code, csv.stderr).toBe(0);
        expect(csv.stdout).toContain(';0,5;tablet;');
        writeFileSync(join(folder, 'week.csv'), csv.stdout);
        const json = await runCli(['bake', 'show', '--all-patients', ...week, '--json', 'amount'], env);
        const amounts = (JSON.parse(json.stdout) as { amount: number }[]).map((row) => row.amount);
        expect(amounts.filter((amount) => amount === 0.5)).toHaveLength(7);

        const [header, ...rows] = sheetCells(await convertToFods(folder, join(folder, 'week.csv')));
        const column = (name: string) => header!.findIndex((cell) => cell.text === name);
        expect(rows).toHaveLength(amounts.length);
        const amountCells = rows.map((row) => row[column('amount')]!);
        expect(
          amountCells.every((cell) => cell.type === 'float'),
          JSON.stringify(amountCells),
        ).toBe(true);
        const sum = amountCells.reduce((total, cell) => total + Number(cell.value), 0);
        expect(sum).toBe(amounts.reduce((total, amount) => total + amount, 0));
        // Jürgen's week alone: seven halves and seven one-and-a-halves, 14 tablets.
        const jurgens = rows.filter((row) => row[column('patient')]!.text === 'Jürgen Müller');
        expect(jurgens.reduce((total, row) => total + Number(row[column('amount')]!.value), 0)).toBe(14);
        expect(
          rows.every((row) => row[column('date')]!.type === 'date' && row[column('time')]!.type === 'time'),
          JSON.stringify(rows.slice(0, 2)),
        ).toBe(true);
        expect(rows.find((row) => row[column('amount')]!.value === '0.5')?.[column('time')]!.value).toBe('PT08H00M00S');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
