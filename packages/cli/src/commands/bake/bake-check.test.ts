import type { RunningServer } from '@medsched/reference-server/node';
import type { CalendarEntry } from '@medsched/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPatientProblems } from './bake-findings.js';
import { checkExitCode, parseAcknowledgements, rateFindings } from './bake-severity.js';
import { createCareHome, registerDevice, type CareHome, type Resident } from '../../../test/support/home-with-devices.js';
import { endLeftoverTerminals, runInTerminal } from '../../../test/support/pseudo-terminal.js';
import { runCli, tempConfigDir } from '../../../test/support/run-cli.js';
import { expectNoSecretsInTranscript } from '../../../test/support/secrets.js';
import { demoUser, startTestServer } from '../../../test/support/test-server.js';

let server: RunningServer;
let home: CareHome;
let env: Record<string, string>;
const week = ['--from', '2027-01-04', '--to', '2027-01-10'];
const slow = 180_000;

beforeAll(async () => {
  server = await startTestServer();
  home = await createCareHome(server, '2027-01-04');
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: demoUser(0, 'admin').apiKey };
});
afterAll(async () => {
  endLeftoverTerminals();
  await server.close();
  expectNoSecretsInTranscript();
});

interface Found {
  name: string;
  patient: string;
  kind: string;
  days: string;
  detail: string;
  fix: string;
  severity: string;
  acknowledged: boolean;
}

async function check(args: string[]): Promise<{ code: number | null; found: Found[]; stderr: string }> {
  const result = await runCli(['bake', 'check', ...args, '--json'], env);
  return { code: result.code, found: JSON.parse(result.stdout || '[]') as Found[], stderr: result.stderr };
}

/** Runs a fix as printed ("a && b"), each part through the CLI. */
async function runFix(fix: string): Promise<void> {
  for (const part of fix.split(' && ')) {
    const words = part.split(' ').slice(1);
    const result = await runCli(words, env);
    expect(result.code, `${part}\n${result.stderr}`).toBe(0);
  }
}

const resident = (name: string): Resident => home.residents.find((candidate) => candidate.name === name) as Resident;

describe('bake check', () => {
  it(
    'names the patients without a device and the days not baked, with commands that fix them; 0 once all is well',
    async () => {
      const before = await check(['--all-patients', ...week]);
      expect(before.code).toBe(10);
      const kinds = new Set(before.found.map((found) => found.kind));
      expect(kinds).toEqual(new Set(['no-device', 'not-baked']));
      // What a device would dispense wrongly ranks above a note, in the JSON as in the exit code.
      for (const found of before.found) expect(found.severity).toBe(found.kind === 'no-device' ? 'note' : 'dispensing');
      expect(before.found.filter((found) => found.kind === 'not-baked')).toHaveLength(home.residents.length);
      expect(before.stderr).toContain(`need attention`);
      expect(before.stderr).toContain('medsched bake --all-patients --from 2027-01-04 --to 2027-01-10');

      expect((await runCli(['bake', '--all-patients', ...week, '--yes'], env)).code).toBe(0);
      const baked = await check(['--all-patients', ...week]);
      // Only residents without a device: notes (13), not what a device dispenses (10).
      expect(baked.code).toBe(13);
      expect(baked.found.map((found) => [found.name, found.kind])).toEqual([
        ['Jürgen Müller', 'no-device'],
        ['Łukasz Żółć', 'no-device'],
      ]);
      expect(baked.stderr).toContain('nothing dispensed wrongly');

      // The home knows them: acknowledged, the normal week exits 0 and still lists them.
      const [jurgen, lukasz] = [resident('Jürgen Müller').id, resident('Łukasz Żółć').id];
      const one = await check(['--all-patients', ...week, '--ack', `no-device:${jurgen}`]);
      expect(one.code).toBe(13);
      const known = await check(['--all-patients', ...week, '--ack', `no-device:${jurgen},no-device:${lukasz}`]);
      expect(known.code, known.stderr).toBe(0);
      expect(known.found.map((found) => found.acknowledged)).toEqual([true, true]);
      expect(known.stderr).toContain('Nothing needs attention (2 acknowledged notes)');
      // Only notes can be acknowledged: what a device dispenses is fixed, never waved through.
      const refused = await runCli(['bake', 'check', '--all-patients', ...week, '--ack', `not-baked:${jurgen}`], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('only notes can be acknowledged');

      for (const [index, name] of ['Jürgen Müller', 'Łukasz Żółć'].entries()) await registerDevice(server, home.organization, resident(name).id, `LATE-${index}`);
      const clean = await check(['--all-patients', ...week]);
      expect(clean.code, clean.stderr).toBe(0);
      expect(clean.found).toEqual([]);
      expect(clean.stderr).toContain('Nothing needs attention');
      // An acknowledgement that no longer matches (the resident has a device now) is said, not kept silently.
      const stale = await check(['--all-patients', ...week, '--ack', `no-device:${resident('Jürgen Müller').id}`]);
      expect(stale.code).toBe(0);
      expect(stale.stderr).toContain('matched nothing this time');
    },
    slow,
  );

  it(
    'finds a series changed or created after the bake, and its fix makes the baked days right on the server',
    async () => {
      const zoe = resident('Zoë Çelik');
      const entries: CalendarEntry[] = [];
      for await (const entry of home.sdk.calendars.iterate({ patient: zoe.id, limit: 100 })) entries.push(entry);
      const series = entries.find((entry) => typeof entry.rrule === 'string') as CalendarEntry;
      await home.sdk.calendars.update(series.id, { amount: 1.5 });
      const asa = resident('Åsa Öberg');
      await home.sdk.calendars.create({ patient: asa.id, name: 'Vitamin D3 1000 IE', date: '2027-01-07', rrule: 'FREQ=DAILY', intakeTime: '12:00', amount: 1, unit: 'tablet' });

      const stale = await check(['--all-patients', ...week]);
      expect(stale.code).toBe(10);
      const changed = stale.found.find((found) => found.kind === 'series-changed') as Found;
      expect(changed).toMatchObject({ name: 'Zoë Çelik', days: '2027-01-04 to 2027-01-10' });
      expect(changed.detail).toContain('amount baked 1, now 1.5');
      const created = stale.found.find((found) => found.kind === 'series-new') as Found;
      expect(created).toMatchObject({ name: 'Åsa Öberg', days: '2027-01-07 to 2027-01-10' });

      await runFix(changed.fix);
      await runFix(created.fix);
      const amounts = (await home.sdk.calendars.bake.get({ patient: zoe.id, from: '2027-01-04', to: '2027-01-10' })).data.map((entry) => entry.amount);
      expect(amounts).toEqual([1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5]);
      const vitamin = (await home.sdk.calendars.bake.get({ patient: asa.id, from: '2027-01-04', to: '2027-01-10' })).data.filter((entry) => entry.title.startsWith('Vitamin'));
      expect(vitamin.map((entry) => entry.date)).toEqual(['2027-01-07', '2027-01-08', '2027-01-09', '2027-01-10']);
      const fixed = await check(['--patient', zoe.email, ...week]);
      expect(fixed.code, fixed.stderr).toBe(0);
    },
    slow,
  );

  it.each([80, 60])(
    'at %i columns the report fits without breaking a word; each fix is its command, broken only between words with a \\ (pasted, it is the same command)',
    async (columns) => {
      // A week no other test bakes: its days are not baked, so every patient has a fix.
      const later = ['--from', '2027-05-03', '--to', '2027-05-09'];
      const { found } = await check(['--all-patients', ...later]);
      expect(found.length).toBeGreaterThan(0);
      const shown = runInTerminal(['bake', 'check', '--all-patients', ...later, '--no-color', '--no-pager'], env, { size: { columns, rows: 200 }, stderrFile: `${tempConfigDir()}/err.log` });
      expect(await shown.closed).toBe(10);
      const screen = shown.output().replace(/\r/g, '');
      for (const line of screen.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(columns);
      // What a shell reads from the pasted lines: a backslash at a line's end joins it to the next.
      const pasted = screen.replace(/ \\\n\s+/g, ' ');
      for (const finding of found) expect(pasted).toContain(`fix: ${finding.fix}`);
      // Every word of every problem and fix is on the screen whole.
      const words = new Set(screen.split(/\s+/));
      for (const finding of found) for (const word of `${finding.detail} ${finding.fix}`.split(/\s+/)) expect(words, word).toContain(word);
    },
    slow,
  );

  it(
    'refuses a target that is not said, and a patient plus --all-patients (exit 2)',
    async () => {
      expect((await runCli(['bake', 'check', ...week], env)).code).toBe(2);
      expect((await runCli(['bake', 'check', '--patient', 'x', '--all-patients', ...week], env)).code).toBe(2);
    },
    slow,
  );
});

describe('bake check findings (the decision, without a server)', () => {
  const patient = { id: '64d002000000000000000099', name: 'Jürgen Müller' };
  const at = '2027-01-01T10:00:00.000Z';
  const occurrence = (date: string, seriesId: string): CalendarEntry => ({
    id: `o${date}`,
    userId: patient.id,
    date,
    startTime: '08:00',
    endTime: '08:30',
    title: 'Ramipril 5 mg',
    description: '',
    baked: true,
    bakedAt: at,
    createdAt: at,
    updatedAt: at,
    seriesId,
    amount: 1,
  });

  it('names baked intakes whose series no longer exists, with the unbake and bake that remove them', () => {
    const findings = findPatientProblems({ patient, from: '2027-01-04', to: '2027-01-05', baked: [occurrence('2027-01-04', 'gone'), occurrence('2027-01-05', 'gone')], entries: [], devices: 1 });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'series-deleted', days: '2027-01-04 to 2027-01-05' });
    expect(findings[0]?.fix).toBe(`medsched unbake --patient ${patient.id} --from 2027-01-04 --to 2027-01-05 --yes && medsched bake --patient ${patient.id} --from 2027-01-04 --to 2027-01-05`);
  });

  it('rates what a device would dispense above a note: an acknowledged note leaves exit 10 for a deleted series, 0 alone', () => {
    const findings = findPatientProblems({ patient, from: '2027-01-04', to: '2027-01-05', baked: [occurrence('2027-01-04', 'gone')], entries: [], devices: 0 });
    const rated = rateFindings(findings, parseAcknowledgements([`no-device:${patient.id}`]));
    expect(rated.map((finding) => [finding.kind, finding.severity, finding.acknowledged])).toEqual([
      ['no-device', 'note', true],
      ['series-deleted', 'dispensing', false],
    ]);
    expect(checkExitCode(rated)).toBe(10);
    expect(checkExitCode(rated.filter((finding) => finding.kind === 'no-device'))).toBe(0);
    expect(
      checkExitCode(
        rateFindings(
          findings.filter((finding) => finding.kind === 'no-device'),
          [],
        ),
      ),
    ).toBe(13);
    expect(() => parseAcknowledgements([`series-deleted:${patient.id}`])).toThrow(/only notes|expected no-device/);
    expect(() => parseAcknowledgements(['no-device:Jürgen Müller'])).toThrow(/expected no-device:PATIENT_ID/);
  });
});
