import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bakedEntries, createCareHome, type CareHome } from './support/home-with-devices.js';
import { endLeftoverTerminals, runInTerminal } from './support/pseudo-terminal.js';
import { runCli } from './support/run-cli.js';
import { useSignedInCli } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

let home: CareHome;
const week = ['--from', '2027-01-04', '--to', '2027-01-10'];
const wide = { size: { columns: 200, rows: 60 } };
/** Each test runs the CLI several times over a home of 10 patients, on machines shared by many runs. */
const slow = 180_000;

const cli = useSignedInCli(demoUser(0, 'admin'));

beforeAll(async () => {
  home = await createCareHome(cli.server, '2027-01-04');
});
afterEach(() => endLeftoverTerminals());

/** The screen without colours and line ends, for matching what a person reads. */
const plain = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');

describe('home-wide and long writes say their scale and need a clear yes', () => {
  it(
    'a home-wide bake without a terminal needs --yes, names the patients without a device, and writes nothing',
    async () => {
      expect(home.residents.length).toBeGreaterThanOrEqual(8);
      const refused = await runCli(['bake', '--all-patients', ...week], cli.env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('refusing to bake every patient without confirmation');
      expect(refused.stderr).toContain(`${home.residents.length} patients × 7 days`);
      expect(refused.stderr).toContain('2 patients have no device: Jürgen Müller, Łukasz Żółć.');
      expect(await bakedEntries(home, '2027-01-04', '2027-01-10')).toEqual([]);

      const dry = await runCli(['bake', '--all-patients', ...week, '--dry-run'], cli.env);
      expect(dry.code, dry.stderr).toBe(0);
      for (const resident of home.residents) expect(dry.stderr).toContain(`    ${resident.name}: 2027-01-04 to 2027-01-10, `);
      expect(dry.stderr).toMatch(/Łukasz Żółć: 2027-01-04 to 2027-01-10, 14 to bake, no device/);
      expect(await bakedEntries(home, '2027-01-04', '2027-01-10')).toEqual([]);
    },
    slow,
  );

  it(
    'a range longer than 28 days needs the number of days typed; the intakes it announces are the intakes the server bakes',
    async () => {
      const range = ['--from', '2027-02-01', '--to', '2027-03-31'];
      const scripted = await runCli(['bake', '--all-patients', ...range, '--yes'], cli.env);
      expect(scripted.code).toBe(2);
      expect(scripted.stderr).toContain('refusing to bake 59 days (more than 28) without a typed confirmation');
      expect(scripted.stderr).toContain('--confirm-long-range');

      // A wrong answer is refused in the prompt (never ticked as accepted): type again, or Ctrl-C.
      const habit = runInTerminal(['bake', '--all-patients', ...range, '--no-color'], cli.env, wide);
      await habit.answer(/Type 59 to go ahead/, 'y\r');
      await habit.answer(/That is not 59: type 59 to go ahead, or press Ctrl-C to stop/, '\u0003');
      expect(await habit.closed).toBe(130);
      expect(plain(habit.output())).not.toMatch(/✔.*Type 59 to go ahead/);
      expect(habit.output()).toContain('Stopped at the question (Ctrl-C): nothing was sent for it.');
      expect(await bakedEntries(home, '2027-02-01', '2027-03-31')).toEqual([]);

      const typed = runInTerminal(['bake', '--all-patients', ...range, '--no-color', '--json', 'date'], cli.env, wide);
      await typed.answer(/Type 59 to go ahead/, '59\r');
      expect(await typed.closed).toBe(0);
      const announced = Number(/× 59 days: ([\d,]+) intakes to bake/.exec(plain(typed.output()))?.[1]?.replace(',', ''));
      const baked = await bakedEntries(home, '2027-02-01', '2027-03-31');
      expect(baked.length).toBe(announced);
      expect(announced).toBeGreaterThan(500);
    },
    slow,
  );

  it(
    'a long bake of one patient says its scale too; --confirm-long-range lets a script go ahead',
    async () => {
      const jurgen = home.residents.find((resident) => resident.name === 'Jürgen Müller')!;
      const result = await runCli(['bake', '--patient', jurgen.email, '--from', '2027-04-01', '--to', '2027-05-31', '--yes', '--confirm-long-range', '--json', 'date'], cli.env);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('1 patient × 61 days: 61 intakes to bake');
      expect(result.stderr).toContain('1 patient has no device: Jürgen Müller.');
      expect((await home.sdk.calendars.bake.get({ patient: jurgen.id, from: '2027-04-01', to: '2027-05-31' })).data).toHaveLength(61);
    },
    slow,
  );
});

describe('unbake --all-patients', () => {
  it(
    'refuses without a terminal and --yes, then unbakes every patient of the range on a yes, leaving other days baked',
    async () => {
      expect((await runCli(['bake', '--all-patients', '--from', '2027-01-04', '--to', '2027-01-17', '--yes'], cli.env)).code).toBe(0);
      const before = await bakedEntries(home, '2027-01-04', '2027-01-10');
      const after = await bakedEntries(home, '2027-01-11', '2027-01-17');
      expect(before.length).toBeGreaterThan(50);

      const refused = await runCli(['unbake', '--all-patients', ...week], cli.env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${before.length} baked intakes will be reverted`);
      expect(await bakedEntries(home, '2027-01-04', '2027-01-10')).toHaveLength(before.length);

      const declined = runInTerminal(['unbake', '--all-patients', ...week, '--no-color'], cli.env, wide);
      await declined.answer(/Unbake \d+ patients, Mon 4 Jan – Sun 10 Jan 2027\?/, 'n\r');
      expect(await declined.closed).toBe(8);
      expect(await bakedEntries(home, '2027-01-04', '2027-01-10')).toHaveLength(before.length);

      const session = runInTerminal(['unbake', '--all-patients', ...week, '--no-color', '--json', 'id'], cli.env, wide);
      await session.answer(/Unbake \d+ patients, Mon 4 Jan – Sun 10 Jan 2027\?/, 'y\r');
      expect(await session.closed).toBe(0);
      const screen = plain(session.output());
      expect(screen).toContain(`[${home.residents.length}/${home.residents.length}] unbaked`);
      expect(screen).toContain('unbaked Łukasz Żółć: 14 entries');
      expect(await bakedEntries(home, '2027-01-04', '2027-01-10')).toEqual([]);
      expect(await bakedEntries(home, '2027-01-11', '2027-01-17')).toHaveLength(after.length);

      const nothing = await runCli(['unbake', '--all-patients', ...week, '--yes'], cli.env);
      expect(nothing.code).toBe(0);
      expect(nothing.stderr).toContain('Nothing to unbake');
    },
    slow,
  );

  it(
    'a long unbake needs the typed confirmation or the flag; --dry-run lists the patients and sends nothing',
    async () => {
      const range = ['--from', '2027-01-01', '--to', '2027-06-30'];
      const dry = await runCli(['unbake', '--all-patients', ...range, '--dry-run'], cli.env);
      expect(dry.code, dry.stderr).toBe(0);
      const requests = JSON.parse(dry.stdout) as { method: string; path: string }[];
      expect(requests.map((request) => request.method)).toEqual(home.residents.map(() => 'DELETE'));
      expect(requests.every((request) => request.path.includes('from=2027-01-01&to=2027-06-30'))).toBe(true);
      expect(dry.stderr).toMatch(/Jürgen Müller: 2027-01-01 to 2027-06-30, \d+ baked, no device/);
      const kept = await bakedEntries(home, '2027-01-01', '2027-06-30');
      expect(kept.length).toBeGreaterThan(0);
      const refused = await runCli(['unbake', '--all-patients', ...range, '--yes'], cli.env);
      expect(refused.code).toBe(2);
      expect(await bakedEntries(home, '2027-01-01', '2027-06-30')).toHaveLength(kept.length);
      const done = await runCli(['unbake', '--all-patients', ...range, '--yes', '--confirm-long-range', '--json', 'id'], cli.env);
      expect(done.code, done.stderr).toBe(0);
      expect(JSON.parse(done.stdout)).toHaveLength(kept.length);
      expect(await bakedEntries(home, '2027-01-01', '2027-06-30')).toEqual([]);
    },
    slow,
  );
});
