import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '@medsched/reference-server/node';
import { describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { pressCtrlC, runCli, spawnCli, tempConfigDir, waitForOutput } from './support/run-cli.js';
import { useCliServer } from './support/cli-server.js';
import { demoUser, postDeviceEvent, startTestServer } from './support/test-server.js';

const cli = useCliServer();
const nurse = demoUser(0, 'user');
const admin = demoUser(0, 'admin');
const clara = demoUser(0, 'patient1');

const envFor = (extra: Record<string, string> = {}) => ({ MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: nurse.apiKey, ...extra });
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { currentProfile: string; profiles: Record<string, unknown> };

describe('plan', () => {
  it('--from a day covers a week, as the server does; a range with nothing baked is exit 5 with a hint, and no file', async () => {
    const env = envFor();
    expect((await runCli(['bake', '--patient', clara.userId, '--from', '2026-01-05', '--to', '2026-01-11', '--yes'], env)).code).toBe(0);
    const link = await runCli(['plan', '--patient', clara.userId, '--from', '2026-01-05', '--link'], env);
    expect(link.code, link.stderr).toBe(0);
    expect(link.stderr).toContain('to 2026-01-11 (Sun)');
    expect(decodeURIComponent(link.stdout)).toContain('from=2026-01-05&to=2026-01-11');

    const out = join(tempConfigDir(), 'empty.pdf');
    const empty = await runCli(['plan', '--patient', clara.userId, '--from', '2030-06-03', '--out', out], env);
    expect(empty.code).toBe(5);
    expect(empty.stderr).toContain('nothing is baked for patient');
    expect(empty.stderr).toContain(`medsched bake --patient ${clara.userId} --from 2030-06-03 --to 2030-06-09`);
    expect(existsSync(out)).toBe(false);
  });
});

describe("dates in the patient's zone", () => {
  it("calendar create --date and bake resolve date words in the patient's zone when no zone is set (the machine is in UTC here)", async () => {
    const env = envFor();
    const create = await runCli(['calendar', 'create', '--patient', clara.userId, '--name', 'X', '--date', 'tomorrow', '--time', '08:00', '--dry-run'], env);
    expect(create.code, create.stderr).toBe(0);
    expect(create.stderr).toMatch(/Date tomorrow = \d{4}-\d{2}-\d{2} \(\w+\), Europe\/Berlin \(the patient's zone\)/);
    const bake = await runCli(['bake', '--patient', clara.userId, '--from', 'next-week', '--dry-run'], env);
    expect(bake.stderr).toMatch(/Dates from next-week = .* Europe\/Berlin \(the patient's zone\)/);
    const chosen = await runCli(['bake', '--patient', clara.userId, '--from', 'next-week', '--dry-run', '--tz', 'America/New_York'], env);
    expect(chosen.stderr).toMatch(/Dates from next-week = .* America\/New_York\n/);
  });
});

describe('profiles and config', () => {
  it('login --profile X keeps the active profile unless --activate; profiles delete asks (--yes), never the active one; config list says where each setting comes from', async () => {
    const configDir = tempConfigDir();
    const base = { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: cli.server.url };
    expect((await runCli(['login'], { ...base, MEDSCHED_API_KEY: nurse.apiKey })).code).toBe(0);
    expect(stored(configDir).currentProfile).toBe('default');

    const other = await runCli(['login', '--profile', 'ci'], { ...base, MEDSCHED_API_KEY: admin.apiKey });
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toContain('the active profile is still "default"');
    expect(stored(configDir).currentProfile).toBe('default');
    expect(Object.keys(stored(configDir).profiles)).toEqual(['default', 'ci']);

    expect((await runCli(['login', '--profile', 'ci', '--activate'], { ...base, MEDSCHED_API_KEY: admin.apiKey })).code).toBe(0);
    expect(stored(configDir).currentProfile).toBe('ci');
    expect((await runCli(['profiles', 'use', 'default'], { MEDSCHED_CONFIG_DIR: configDir })).code).toBe(0);

    const list = await runCli(['config', 'list', '--json'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_TIMEOUT: '15' });
    expect(JSON.parse(list.stdout)).toEqual(
      expect.arrayContaining([
        { key: 'base-url', value: cli.server.url, source: 'profile' },
        { key: 'credential', value: `API key …${nurse.apiKey.slice(-4)}`, source: 'profile' },
        { key: 'timeout', value: '15', source: 'environment' },
      ]),
    );

    const refused = await runCli(['profiles', 'delete', 'ci'], { MEDSCHED_CONFIG_DIR: configDir });
    expect(refused.code).toBe(2);
    expect(Object.keys(stored(configDir).profiles)).toContain('ci');
    const active = await runCli(['profiles', 'delete', 'default', '--yes'], { MEDSCHED_CONFIG_DIR: configDir });
    expect(active.code).toBe(2);
    expect(active.stderr).toContain('is the active profile');
    const deleted = await runCli(['profiles', 'delete', 'ci', '--yes'], { MEDSCHED_CONFIG_DIR: configDir });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(Object.keys(stored(configDir).profiles)).toEqual(['default']);
  });
});

describe('device events --follow', () => {
  it('says so when the server goes away, tries again with back-off, and goes on after a restart', async () => {
    const restartable = await startTestServer();
    const { port } = restartable;
    const deviceId = '64d004000000000000000001';
    const follow = spawnCli(['device', 'events', deviceId, '--follow', '--interval', '0.2', '--json'], {
      MEDSCHED_CONFIG_DIR: tempConfigDir(),
      MEDSCHED_BASE_URL: restartable.url,
      MEDSCHED_API_KEY: nurse.apiKey,
    });
    let again: RunningServer | undefined;
    try {
      await waitForOutput(follow, (output) => output.stderr.includes('press Ctrl-C to stop'));
      await restartable.close();
      await waitForOutput(follow, (output) => output.stderr.includes('Lost the server'), 15_000);
      expect(follow.exitCode).toBeNull();
      again = await startTestServer({ port });
      await waitForOutput(follow, (output) => output.stderr.includes('Reconnected after'), 20_000);
      const posted = await postDeviceEvent(again, deviceId, { type: 'state', payload: { note: 'after restart' } });
      await waitForOutput(follow, (output) => output.stdout.includes(posted.id));
      expect((await pressCtrlC(follow)).code).toBe(0);
      expect(follow.output().stderr).toMatch(/trying again in \d+ s/);
    } finally {
      if (follow.exitCode === null) follow.kill('SIGKILL');
      await again?.close();
    }
  });
});

describe('output on a terminal, like gh', () => {
  it('wraps a long name to fit the terminal, never cuts it (one line when piped), pages long output (PAGER, --no-pager) and colours JSON', async () => {
    const env = envFor();
    const long = `Ibuprofen 400 mg film-coated tablets, ${'very '.repeat(12)}long name`;
    expect((await runCli(['medication', 'create', '--name', long], env)).code).toBe(0);

    const narrow = runInTerminal(['medication', 'list', '--no-color'], env, { size: { columns: 80, rows: 40 } });
    expect(await narrow.closed).toBe(0);
    const all = narrow.output().split(/\r?\n/);
    const lines = all.filter((line) => line.includes('Ibuprofen 400 mg film-coated'));
    expect(lines).toHaveLength(1);
    for (const line of all) expect([...line.trimEnd()].length).toBeLessThanOrEqual(80);
    // Nothing is cut: the rest of the name follows on the next lines of the same row.
    expect(narrow.output()).not.toContain('…');
    const start = all.indexOf(lines[0] as string);
    const column = (lines[0] as string).indexOf('Ibuprofen');
    const wrapped = all
      .slice(start, start + 6)
      .map((line) => line.slice(column).split(/\s{2,}/)[0])
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(wrapped).toContain(long);
    expect(lines[0]).toMatch(/^[0-9a-f]{24} /); // the id is never cut
    const piped = await runCli(['medication', 'list', '--output', 'table'], env);
    expect(piped.stdout).toContain(long);

    const pager = { ...env, PAGER: "sed 's/^/paged: /'" };
    const paged = runInTerminal(['calendar', 'list', '--all', '--json'], pager, { size: { columns: 100, rows: 10 } });
    expect(await paged.closed).toBe(0);
    expect(paged.output()).toContain('paged: [');
    expect(paged.output()).toMatch(/\u001b\[36m"id"\u001b\[39m: \u001b\[32m"64d005/);
    const unpaged = runInTerminal(['calendar', 'list', '--all', '--json', '--no-pager', '--no-color'], pager, { size: { columns: 100, rows: 10 } });
    expect(await unpaged.closed).toBe(0);
    expect(unpaged.output()).not.toContain('paged:');
    expect(unpaged.output()).not.toContain('\u001b[36m');
  });
});

describe('wide tables on a terminal, like gh', () => {
  const lists = [
    ['calendar', 'list', '--all'],
    ['calendar', 'list', '--patient', clara.userId],
    ['bake', 'show', '--patient', clara.userId, '--from', '2026-01-05'],
    ['patients', 'list'],
    ['user', 'list'],
  ];

  it.each([80, 120])('at %i columns every line fits, ids stay whole, and what was left out is named once on stderr', async (columns) => {
    const env = envFor();
    expect((await runCli(['bake', '--patient', clara.userId, '--from', '2026-01-05', '--yes'], env)).code).toBe(0);
    let leftOutSomewhere = false;
    for (const args of lists) {
      const errFile = join(tempConfigDir(), 'err.log');
      const shown = runInTerminal([...args, '--no-color', '--no-pager'], env, { size: { columns, rows: 40 }, stderrFile: errFile });
      expect(await shown.closed, args.join(' ')).toBe(0);
      const lines = shown
        .output()
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '');
      expect(lines.length, args.join(' ')).toBeGreaterThan(1);
      for (const line of lines) expect([...line].length, `${args.join(' ')}: ${line}`).toBeLessThanOrEqual(columns);
      const stderr = readFileSync(errFile, 'utf8');
      // Ids are the first to go; where the id column is shown, every id of the JSON answer is on the screen whole.
      const piped = await runCli([...args, '--json', 'id'], env);
      const ids = (JSON.parse(piped.stdout) as { id: string }[]).map((row) => row.id);
      expect(ids.length).toBeGreaterThan(0);
      if (!/Left out to fit .*\bid\b/.test(stderr)) for (const id of ids) expect(shown.output(), args.join(' ')).toContain(id);
      expect(shown.output()).not.toContain('…');
      const notes = stderr.match(/Left out to fit \d+ columns: .*/g) ?? [];
      if (notes.length > 0) {
        leftOutSomewhere = true;
        expect(notes[0]).toContain(`Left out to fit ${columns} columns`);
        expect(stderr).toMatch(/Get them with --fields \w+,\w+, --output json, or a pipe\./);
        // Once per run: a header named in one note is not named again.
        const named = notes.flatMap((note) =>
          note
            .replace(/.*columns: /, '')
            .replace(/\.$/, '')
            .split(', '),
        );
        expect(new Set(named).size).toBe(named.length);
        // A column named as left out is not among the headers on the screen.
        const header = (lines[0] as string).split(/\s{2,}/);
        for (const name of named) expect(header).not.toContain(name.toUpperCase());
      }
    }
    expect(leftOutSomewhere).toBe(true);
  });

  it('at 80 columns calendar list leaves out ids first, then the title, and keeps for whom each row is (never the rule), keeps columns chosen with --fields, and piped it is whole and says nothing', async () => {
    const env = envFor();
    const errFile = join(tempConfigDir(), 'err.log');
    const narrow = runInTerminal(['calendar', 'list', '--all', '--no-color', '--no-pager'], env, { size: { columns: 80, rows: 40 }, stderrFile: errFile });
    expect(await narrow.closed).toBe(0);
    // The priority order: ids first, then the title; the zone (one value in every row here) moves into
    // the heading line. The patient stays: the organization's list holds the same morning tablet of
    // Ibuprofen 400 mg for Clara Claus and for Dieter Dorn, rows that read the same without it.
    expect(readFileSync(errFile, 'utf8')).toMatch(/Left out to fit 80 columns: patientId, seriesId, medicationId, id, title\./);
    expect(narrow.output()).toMatch(/^timeZone: Europe\/Berlin/m);
    expect(narrow.output()).toMatch(/^DATE\s+TIME\s+AMOUNT\s+UNIT\s+MEDICATION\s+PATIENT\s+RRULE\s+BAKED/m);
    // To make room the patient's name wraps between words; the medication keeps its strength on its line.
    const screen = narrow.output().replace(/\r/g, '');
    expect(screen).toMatch(/^2026-01-05\s+08:00\s+1\s+tablet\s+Ibuprofen 400 mg\s+Clara\s+true\n\s+Claus$/m);
    expect(screen).toMatch(/^2026-01-05\s+08:00\s+1\s+tablet\s+Ibuprofen 400 mg\s+Dieter\s+false\n\s+Dorn$/m);
    expect(screen).toMatch(/^2026-01-05\s+08:00\s+1\s+capsule\s+Ramipril 5 mg\s+Clara\s+FREQ=DAILY\s+false\n\s+Claus$/m);

    const chosenErr = join(tempConfigDir(), 'err.log');
    const chosen = runInTerminal(['calendar', 'list', '--all', '--fields', 'id,seriesId,medication', '--no-color', '--no-pager'], env, { size: { columns: 80, rows: 40 }, stderrFile: chosenErr });
    expect(await chosen.closed).toBe(0);
    expect(chosen.output()).toMatch(/^ID\s+SERIESID\s+MEDICATION/m);
    expect(readFileSync(chosenErr, 'utf8')).not.toContain('Left out');

    const piped = await runCli(['calendar', 'list', '--all', '--output', 'table'], env);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^ID\s+DATE\s+TIME\s+TIMEZONE\s+TITLE\s+AMOUNT\s+UNIT\s+MEDICATION\s+MEDICATIONID\s+PATIENT\s+PATIENTID\s+RRULE\s+SERIESID\s+BAKED$/m);
    expect(piped.stdout).toMatch(/^64d005000000000000000001  .*  Morning tablet  .*  Ibuprofen 400 mg  64d003000000000000000001  Clara Claus  +64d002000000000000000003 /m);
    expect(piped.stderr).not.toContain('Left out');
  });
});

describe('--jq', () => {
  it('filters JSON with real jq, raw strings like gh; a filter that does not compile is exit 2 before anything is written', async () => {
    const env = envFor();
    const titles = await runCli(['calendar', 'list', '--patient', clara.userId, '--jq', '.[] | select(.rrule != null) | "\\(.date) \\(.title)"'], env);
    expect(titles.code, titles.stderr).toBe(0);
    expect(titles.stdout).toBe('2026-01-05 Daily dose\n');

    const broken = await runCli(['bake', '--patient', clara.userId, '--from', '2030-01-07', '--yes', '--jq', '.data['], env);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('--jq: syntax error');
    const response = await fetch(`${cli.server.url}/calendars/bake?patient=${clara.userId}&from=2030-01-07&to=2030-01-07`, { headers: { 'x-api-key': nurse.apiKey } });
    expect(((await response.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
