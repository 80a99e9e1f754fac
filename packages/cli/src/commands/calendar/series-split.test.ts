import type { CalendarEntry } from '@medsched/sdk';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCareHome, type CareHome, type Resident } from '../../../test/support/home-with-devices.js';
import { endLeftoverTerminals, runInTerminal } from '../../../test/support/pseudo-terminal.js';
import { runCli } from '../../../test/support/run-cli.js';
import { useSignedInCli } from '../../../test/support/cli-server.js';
import { demoUser } from '../../../test/support/test-server.js';

let home: CareHome;
const slow = 180_000;
const wide = { size: { columns: 200, rows: 60 } };

const cli = useSignedInCli(demoUser(0, 'admin'));

beforeAll(async () => {
  home = await createCareHome(cli.server, '2027-01-04');
});
afterEach(() => endLeftoverTerminals());

const resident = (name: string): Resident => home.residents.find((candidate) => candidate.name === name) as Resident;

async function entriesOf(patient: Resident): Promise<CalendarEntry[]> {
  const entries: CalendarEntry[] = [];
  for await (const entry of home.sdk.calendars.iterate({ patient: patient.id, limit: 100 })) entries.push(entry);
  return entries;
}

async function baked(patient: Resident): Promise<{ date: string; amount: number | undefined }[]> {
  return (await home.sdk.calendars.bake.get({ patient: patient.id, from: '2027-01-04', to: '2027-01-10' })).data.map((entry) => ({ date: entry.date, amount: entry.amount }));
}

describe('changing a dose from a day on', () => {
  it(
    'refuses a baked intake before asking, naming its series and the command to run; --rebake is never dropped',
    async () => {
      const zoe = resident('Zoë Çelik');
      expect((await runCli(['bake', '--patient', zoe.email, '--from', '2027-01-04', '--to', '2027-01-10'], cli.env)).code).toBe(0);
      const series = (await entriesOf(zoe)).find((entry) => typeof entry.rrule === 'string') as CalendarEntry;
      const friday = (await entriesOf(zoe)).find((entry) => entry.baked && entry.date === '2027-01-08') as CalendarEntry;

      const session = runInTerminal(['calendar', 'update', friday.id, '--amount', '0.5', '--rebake', '--no-color'], cli.env, wide);
      expect(await session.closed).toBe(6);
      // An error wraps between words on a terminal: read it as one text again.
      const screen = session.output().replace(/\r?\n +/g, ' ');
      expect(screen).not.toMatch(/\(y\/N\)/);
      expect(screen).toContain(`it belongs to series ${series.id} ("Simvastatin 20 mg"`);
      expect(screen).toContain(`medsched calendar update ${series.id} --amount 0.5 --effective 2027-01-08 --rebake`);
      const replaced = await runCli(['calendar', 'replace', friday.id, '--amount', '0.5'], cli.env);
      expect(replaced.code).toBe(6);
      expect(replaced.stderr).toContain(`series ${series.id}`);
      expect((await home.sdk.calendars.get(friday.id)).amount).toBe(1);

      const draft = await home.sdk.calendars.create({ patient: zoe.id, name: 'Paracetamol 500 mg', date: '2027-02-01', intakeTime: '12:00', amount: 1, unit: 'tablet' });
      const oneOff = await runCli(['calendar', 'update', draft.id, '--amount', '2', '--rebake', '--yes'], cli.env);
      expect(oneOff.code).toBe(2);
      expect(oneOff.stderr).toContain('--rebake');
      expect((await home.sdk.calendars.get(draft.id)).amount).toBe(1);
    },
    slow,
  );

  it(
    '--effective without --rebake over baked days is refused: a later bake would add the new dose beside the old one',
    async () => {
      const zoe = resident('Zoë Çelik');
      const series = (await entriesOf(zoe)).find((entry) => typeof entry.rrule === 'string') as CalendarEntry;
      const refused = await runCli(['calendar', 'update', series.id, '--amount', '0.5', '--effective', '2027-01-08', '--yes'], cli.env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('3 days from 2027-01-08 on');
      expect((await home.sdk.calendars.get(series.id)).rrule).toBe('FREQ=DAILY');
    },
    slow,
  );

  it(
    'splits the series on a yes: the old half ends the day before, the new half carries the dose, the baked days from then hold it',
    async () => {
      const zoe = resident('Zoë Çelik');
      const series = (await entriesOf(zoe)).find((entry) => typeof entry.rrule === 'string') as CalendarEntry;
      const session = runInTerminal(['calendar', 'update', series.id, '--amount', '0.5', '--effective', '2027-01-08', '--rebake', '--no-color', '--json', 'id'], cli.env, wide);
      await session.answer(/Split the series of Zoë Çelik at Fri 8 Jan 2027 and bake Fri 8 Jan – Sun 10 Jan 2027 again\?/, 'y\r');
      expect(await session.closed).toBe(0);
      const screen = session.output();
      expect(screen).toContain('until Thu 7 Jan 2027: unchanged; its rule ends: FREQ=DAILY → FREQ=DAILY;UNTIL=20270107');
      expect(screen).toContain('from Fri 8 Jan 2027: a new series (FREQ=DAILY) with amount 1 → 0.5');
      expect(screen).toContain('The 3 baked days Fri 8 Jan – Sun 10 Jan 2027 will be unbaked and baked again');

      expect((await home.sdk.calendars.get(series.id)).rrule).toBe('FREQ=DAILY;UNTIL=20270107');
      const halves = (await entriesOf(zoe)).filter((entry) => typeof entry.rrule === 'string');
      expect(halves.map((entry) => [entry.date, entry.amount, entry.intakeTime, entry.title])).toEqual([
        ['2027-01-04', 1, '21:00', 'Simvastatin 20 mg'],
        ['2027-01-08', 0.5, '21:00', 'Simvastatin 20 mg'],
      ]);
      expect(await baked(zoe)).toEqual([
        { date: '2027-01-04', amount: 1 },
        { date: '2027-01-05', amount: 1 },
        { date: '2027-01-06', amount: 1 },
        { date: '2027-01-07', amount: 1 },
        { date: '2027-01-08', amount: 0.5 },
        { date: '2027-01-09', amount: 0.5 },
        { date: '2027-01-10', amount: 0.5 },
      ]);
      const check = await runCli(['bake', 'check', '--patient', zoe.email, '--from', '2027-01-04', '--to', '2027-01-10'], cli.env);
      expect(check.code, check.stdout).toBe(0);
    },
    slow,
  );

  it(
    'keeps an every-other-day rhythm: the new half starts on the next intake day',
    async () => {
      const an = resident('Nguyễn Văn An');
      const series = (await entriesOf(an)).find((entry) => typeof entry.rrule === 'string') as CalendarEntry;
      const result = await runCli(['calendar', 'update', series.id, '--amount', '1.5', '--effective', '2027-01-07', '--json', 'date,rrule,amount'], cli.env);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ date: '2027-01-08', rrule: 'FREQ=DAILY;INTERVAL=2', amount: 1.5 });
      expect((await home.sdk.calendars.get(series.id)).rrule).toBe('FREQ=DAILY;INTERVAL=2;UNTIL=20270106');
    },
    slow,
  );

  it(
    'junk in --effective never reaches the server: exit 2, or a dry run of a real date',
    async () => {
      const asa = resident('Åsa Öberg');
      const series = (await entriesOf(asa)).find((entry) => typeof entry.rrule === 'string') as CalendarEntry;
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('2027-02-30', '+99999d', '2027-01-08T25:00', '20270108', '-1d', 'next-week', '')), async (junk) => {
          const result = await runCli(['calendar', 'update', series.id, '--amount', '2', `--effective=${junk}`, '--dry-run'], cli.env);
          if (result.code === 0) {
            const [end, created] = JSON.parse(result.stdout) as { body: { rrule: string; date?: string } }[];
            expect(end?.body.rrule).toMatch(/^FREQ=DAILY;UNTIL=\d{8}$/);
            expect(created?.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          } else expect(result.code, result.stderr).toBe(2);
        }),
        { numRuns: 8 },
      );
      expect((await home.sdk.calendars.get(series.id)).rrule).toBe('FREQ=DAILY');
      expect((await entriesOf(asa)).filter((entry) => typeof entry.rrule === 'string')).toHaveLength(1);
    },
    slow,
  );
});
