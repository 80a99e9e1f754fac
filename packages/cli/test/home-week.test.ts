import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '@medsched/reference-server/node';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCareHome, residentWithoutIntakes, type Resident } from './support/care-home.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { endLeftoverTerminals, runInTerminal } from './support/pseudo-terminal.js';
import { interruptCli, runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

// The care home's week, read back: one home of 9 residents, baked once, read as rows, sums and plans.
let server: RunningServer;
let env: Record<string, string>;
let residents: Resident[];
const nurse = demoUser(0, 'user');
const from = '2027-01-04';
const to = '2027-01-10';
const week = ['--from', from, '--to', to];
const collator = new Intl.Collator('und', { sensitivity: 'variant', numeric: true });

interface Entry {
  id: string;
  userId: string;
  date: string;
  startTime: string;
  amount?: number;
  unit?: string;
  medication?: string;
}

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
  ({ residents } = await seedCareHome(server, from));
  const bake = await runCli(['bake', '--all-patients', ...week, '--yes'], env);
  if (bake.code !== 0) throw new Error(`the home-wide bake failed: ${bake.stderr}`);
});
afterAll(async () => {
  endLeftoverTerminals();
  await server.close();
  expectNoSecretsInTranscript();
});

/** The server's own answer, read past the CLI. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': nurse.apiKey } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Every patient of the home with what the server holds baked for them in the week. */
async function bakedByPatient(): Promise<{ id: string; name: string; entries: Entry[] }[]> {
  const users = await api<{ id: string; name: string; role: string }[]>(`/users/?organization=${nurse.organizationId}&limit=100`);
  const patients = users.filter((user) => user.role === 'patient' || user.role === 'onlyself');
  return Promise.all(patients.map(async (patient) => ({ ...patient, entries: (await api<{ data: Entry[] }>(`/calendars/bake?patient=${patient.id}&from=${from}&to=${to}`)).data })));
}

describe('bake show --all-patients', () => {
  it('one CSV of the whole home in name, date and time order, equal to what the server holds; the resident with nothing baked named on stderr', async () => {
    const show = await runCli(['bake', 'show', '--all-patients', ...week, '--output', 'csv'], env);
    expect(show.code, show.stderr).toBe(0);
    const [header, ...lines] = show.stdout.trimEnd().split('\r\n');
    expect(header).toBe('date,time,utcOffset,timeZone,patient,patientId,medication,amount,unit,title,device,id');
    const rows = lines.map((line) => line.split(','));
    const held = await bakedByPatient();
    expect(held.length).toBeGreaterThanOrEqual(9);
    expect(new Set(rows.map((row) => row[11]))).toEqual(new Set(held.flatMap((patient) => patient.entries.map((entry) => entry.id))));
    expect(rows).toHaveLength(held.reduce((sum, patient) => sum + patient.entries.length, 0));
    // Name, then date, then time.
    const order = rows.map((row) => [row[4] as string, row[0] as string, row[1] as string] as const);
    const sorted = [...order].sort((a, b) => collator.compare(a[0], b[0]) || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]));
    expect(order).toEqual(sorted);
    for (const name of ['Jürgen Müller', 'Łukasz Żółć', 'Åse Ødegård', 'Nguyễn Văn An']) expect(show.stdout).toContain(name);
    // The medication's name keeps its strength: two strengths of one drug stay apart.
    expect(show.stdout).toContain(',Metformin 500 mg,0.5,tablet,');
    expect(show.stdout).toContain(',Metformin 1000 mg,1,tablet,');
    expect(show.stderr).toContain(`Nothing baked from ${from} to ${to} for 1 patient: ${residentWithoutIntakes}.`);
    expect(show.stderr).toMatch(/Reading what is baked for 9 patients of Sonnen-Apotheke \(64d001000000000000000001\)…\nRead 9 patients \(\d+\.\d s\)/);
  });

  it('JSON is one merged bake result, NDJSON one line per intake; both in the same order', async () => {
    const json = await runCli(['bake', 'show', '--all-patients', '--organization', nurse.organizationId, ...week, '--json'], env);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as { data: Entry[]; alarms: unknown[]; iotDevices: unknown[]; allAlarms: number[][] };
    expect(result.allAlarms).toHaveLength(7);
    const ndjson = await runCli(['bake', 'show', '--all-patients', ...week, '--output', 'ndjson'], env);
    const lines = ndjson.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; patient: string });
    expect(lines.map((line) => line.id)).toEqual(result.data.map((entry) => entry.id));
    expect(lines[0]?.patient).toBe('Åse Ødegård');
  });

  it('refuses --patient with --all-patients, --summary with --alarms, and --summary alone (exit 2, nothing sent)', async () => {
    for (const args of [['--patient', residents[0]?.id ?? '', '--all-patients'], ['--all-patients', '--summary', '--alarms'], ['--summary'], ['--organization', nurse.organizationId]]) {
      const result = await runCli(['bake', 'show', ...args, ...week], { ...env, MEDSCHED_BASE_URL: 'http://127.0.0.1:9/v1' });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stdout).toBe('');
    }
  });

  it('Ctrl-C while the home is read: says which patients were read, prints nothing, exits 130 (nothing was written)', async () => {
    let reads = 0;
    // Two patients answer; every later read hangs, as a slow deployment would.
    const proxy = await startFaultProxy(server.url, (method, path) => (method === 'GET' && path === '/calendars/bake' && ++reads > 2 ? 'hang' : 'pass'));
    try {
      const { code, stderr, stdout } = await interruptCli(
        ['bake', 'show', '--all-patients', ...week, '--output', 'csv'],
        { ...env, MEDSCHED_BASE_URL: proxy.url },
        (output) => output.stderr.includes('Reading what is baked for 9 patients') && reads > 4,
      );
      expect(code, stderr).toBe(130);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/Interrupted\. Read [0-2] of 9 patients before it stopped/);
      expect(stderr).toContain('Nothing was written to the server; nothing was printed. Run the command again for the whole home.');
    } finally {
      await proxy.close();
    }
  });
});

describe('bake show --summary', () => {
  it('sums the home exactly: ½ + 1½ = 2 per day, per patient and for the whole home, equal to the baked intakes', async () => {
    const summary = await runCli(['bake', 'show', '--all-patients', ...week, '--summary', '--json'], env);
    expect(summary.code, summary.stderr).toBe(0);
    type Total = { medication: string; unit: string; total: number; totalText: string; intakes: number; byDay: { date: string; amount: number }[] };
    const document = JSON.parse(summary.stdout) as { days: string[]; patients: { patient: string; patientId: string; medications: Total[] }[]; home: Total[] };
    expect(document.days).toHaveLength(7);
    const jurgen = document.patients.find((patient) => patient.patient === 'Jürgen Müller');
    expect(jurgen?.medications).toEqual([expect.objectContaining({ medication: 'Metformin 500 mg', unit: 'tablet', total: 14, totalText: '14', intakes: 14 })]);
    expect(jurgen?.medications[0]?.byDay.every((day) => day.amount === 2)).toBe(true);
    // The home's totals, recomputed here in integer quarters from what the server holds.
    const held = await bakedByPatient();
    const medicationNames = new Map<string, string>();
    for (const id of new Set(held.flatMap((patient) => patient.entries.map((entry) => entry.medication ?? '')))) medicationNames.set(id, (await api<{ name: string }>(`/medications/${id}`)).name);
    const quarters = new Map<string, number>();
    for (const entry of held.flatMap((patient) => patient.entries)) {
      const key = `${medicationNames.get(entry.medication ?? '')}|${entry.unit}`;
      quarters.set(key, (quarters.get(key) ?? 0) + Math.round((entry.amount ?? 0) * 4));
    }
    expect(new Map(document.home.map((total) => [`${total.medication}|${total.unit}`, total.total * 4]))).toEqual(quarters);
    const metformin500 = document.home.find((total) => total.medication === 'Metformin 500 mg');
    expect(metformin500?.totalText).toMatch(/^\d+(½|¼|¾)?$/);
  });

  it('a table at 80 columns keeps every medication name whole with its strength; CSV has a column per date', async () => {
    const csv = await runCli(['bake', 'show', '--all-patients', ...week, '--summary', '--output', 'csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...lines] = csv.stdout.trimEnd().split('\r\n');
    expect(header).toBe(`patient,patientId,medication,unit,2027-01-04,2027-01-05,2027-01-06,2027-01-07,2027-01-08,2027-01-09,2027-01-10,total,intakes`);
    expect(lines).toContain(lines.find((line) => line.startsWith('Jürgen Müller,') && line.includes(',Metformin 500 mg,tablet,2,2,2,2,2,2,2,14,14')));
    expect(lines.some((line) => line.startsWith('(whole home),,Metformin 500 mg,tablet,'))).toBe(true);

    const single = await runCli(['bake', 'show', '--patient', 'Jürgen Müller', ...week, '--summary', '--output', 'csv'], env);
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout.trimEnd().split('\r\n')).toHaveLength(2);
  });
});

describe('the home at 80 columns, in a terminal', () => {
  it.each([[[] as string[]], [['--summary']]])('bake show --all-patients %j: every line fits, every resident and every medication with its strength whole', async (extra) => {
    const errFile = join(tempConfigDir(), 'err.log');
    const shown = runInTerminal(['bake', 'show', '--all-patients', ...week, ...extra, '--no-color', '--no-pager'], env, { size: { columns: 80, rows: 60 }, stderrFile: errFile });
    expect(await shown.closed, readFileSync(errFile, 'utf8')).toBe(0);
    const printed = shown
      .output()
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    for (const line of printed) expect([...line].length, line).toBeLessThanOrEqual(80);
    // What every row shares may stand above the table on a line of its own (`timeZone: Europe/Berlin`).
    const lines = printed.slice(printed.findIndex((line) => /^(DATE\s+TIME\s+)?PATIENT\s+MEDICATION\s/.test(line)));
    expect(lines[0]).toMatch(/^(DATE\s+TIME\s+)?PATIENT\s+MEDICATION\s/);
    for (const line of printed.slice(0, printed.length - lines.length)) expect(line).toMatch(/^\w+: /);
    for (const name of ['Åse Ødegård', 'Jürgen Müller', 'Łukasz Żółć', 'Nguyễn Văn An', 'Metformin 500 mg', 'Metformin 1000 mg', 'L-Thyroxin 75 µg']) expect(shown.output()).toContain(name);
    // The intake (or summary) table, up to the alarms' own table: nothing in it is shortened.
    const table = lines.slice(0, lines.findIndex((line, index) => index > 0 && /^DATE\s+TIME\s+DEVICE/.test(line)) >>> 0);
    expect(table.filter((line) => line.includes('…'))).toEqual([]);
    expect(readFileSync(errFile, 'utf8')).toContain(`for 1 patient: ${residentWithoutIntakes}.`);
  });

  it('the progress spinner fits an 80-column terminal (a wrapped line would leave its tail behind at each redraw)', async () => {
    const shown = runInTerminal(['bake', 'show', '--all-patients', ...week, '--summary', '--no-color', '--no-pager'], env, { size: { columns: 80, rows: 60 } });
    expect(await shown.closed, shown.output()).toBe(0);
    expect(shown.output()).toMatch(/✓ Read 9 patients/);
    // Every drawing of the spinner, between carriage returns, escape sequences aside (notes may wrap: they are drawn once).
    const drawings = shown
      .output()
      .split(/\r|\n/)
      .map((piece) => piece.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, ''))
      .filter((piece) => /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /.test(piece));
    // The first drawing comes at once, before any answer: there is always one to check.
    expect(drawings.length).toBeGreaterThan(0);
    for (const drawing of drawings) expect([...drawing].length, drawing).toBeLessThanOrEqual(80);
  });
});

describe('plan --all-patients', () => {
  const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

  it('writes one PDF, a plan per resident in name order, and names the resident left out', async () => {
    const out = join(tempConfigDir(), 'home.pdf');
    const plan = await runCli(['plan', '--all-patients', '--from', from, '--out', out], env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain(`Left out (nothing baked from ${from} to ${to}): ${residentWithoutIntakes}.`);
    expect(plan.stderr).toMatch(new RegExp(`Saved the plans of 8 patients \\((\\d+) pages, in name order\\) from ${from} to ${to} in `));
    const bytes = readFileSync(out);
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBeGreaterThanOrEqual(8);
    if (!hasPoppler) return;
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', out, '-']).toString();
    const names = ['Åse Ødegård', 'Clara Claus', 'Dieter Dorn', 'Erika Engel', 'Felix Frost', 'Jürgen Müller', 'Łukasz Żółć', 'Nguyễn Văn An'];
    const positions = names.map((name) => text.indexOf(name));
    expect(
      positions.every((position) => position >= 0),
      positions.join(','),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain(residentWithoutIntakes);
  });
});

describe('plan --all-patients: Ctrl-C', () => {
  it('says which plans were fetched and leaves no file, whole or partial', async () => {
    let signs = 0;
    // One plan is signed; every later link request hangs.
    const proxy = await startFaultProxy(server.url, (method, path) => (method === 'GET' && path === '/pdf/' && ++signs > 1 ? 'hang' : 'pass'));
    const folder = tempConfigDir();
    const out = join(folder, 'home.pdf');
    try {
      const { code, stderr } = await interruptCli(['plan', '--all-patients', '--from', from, '--out', out], { ...env, MEDSCHED_BASE_URL: proxy.url }, () => signs > 1, 60_000);
      expect(code, stderr).toBe(130);
      expect(stderr).toMatch(/Interrupted\. Fetched the plans of [0-8] of 9 patients before it stopped/);
      expect(stderr).toContain(`Nothing was written to the server; ${out} was not written.`);
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(folder).filter((name) => name.endsWith('.pdf') || name.endsWith('.partial'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe('home-wide bake: Ctrl-C', () => {
  it('the hint points to the home-wide bake show of the same range', async () => {
    const proxy = await startFaultProxy(server.url, (method, path) => (method === 'POST' && path === '/calendars/bake' ? 'hang' : 'pass'));
    try {
      const { code, stderr } = await interruptCli(['bake', '--all-patients', '--from', '2027-02-01', '--to', '2027-02-02', '--yes'], { ...env, MEDSCHED_BASE_URL: proxy.url }, (output) =>
        output.stderr.includes('Baking every patient'),
      );
      expect(code, stderr).toBe(9);
      expect(stderr).toContain('run `medsched bake show --all-patients --from 2027-02-01 --to 2027-02-02` to see what is baked');
    } finally {
      await proxy.close();
    }
  });
});

describe('bake show --help', () => {
  it('every example runs against the reference server', async () => {
    const help = await runCli(['bake', 'show', '--help'], env);
    const examples = [...help.stdout.matchAll(/^ {2}\$ medsched (.+)$/gm)].map((match) => match[1] as string);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    expect(examples.some((example) => example.includes('--all-patients'))).toBe(true);
    expect(examples.some((example) => example.includes('--summary'))).toBe(true);
    for (const example of examples) {
      // Shell words: quoted names stay one word; a redirect becomes a pipe (stdout is checked instead).
      const words = [...example.replace(/ > \S+$/, '').matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
      const result = await runCli(words, env);
      expect(result.code, `${example}\n${result.stderr}`).toBe(0);
    }
    // Six runs of the CLI one after another: on a loaded machine that is more than the default 30 s.
  }, 180_000);
});
