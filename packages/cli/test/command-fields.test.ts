import { describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { useCliServer } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const cli = useCliServer();
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');

describe('default fields per command in a profile', () => {
  it('config set fields.calendar.list checks each field against the command (a typo names the valid ones); the table on a terminal shows them, JSON stays whole', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: nurse.apiKey };
    const typo = await runCli(['config', 'set', 'fields.calendar.list', 'id,medicaton,rrule'], env);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown field "medicaton" for `calendar list`');
    expect(typo.stderr).toMatch(/hint: fields of calendar list: id, date, time, .*medication.*rrule/);
    const command = await runCli(['config', 'set', 'fields.calender.list', 'id'], env);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('default fields can be set for: fields.calendar.list');
    expect((await runCli(['config', 'get', 'fields.calendar.list'], env)).stderr).toContain('is not set');

    const set = await runCli(['config', 'set', 'fields.calendar.list', 'date, time,medication,rrule'], env);
    expect(set.code, set.stderr).toBe(0);
    expect((await runCli(['config', 'get', 'fields.calendar.list'], env)).stdout).toBe('date,time,medication,rrule\n');
    expect((await runCli(['config', 'list', '--output', 'csv'], env)).stdout).toContain('fields.calendar.list,"date,time,medication,rrule",profile');

    const shown = runInTerminal(['calendar', 'list', '--patient', clara.userId, '--all', '--no-color', '--no-pager'], env, { size: { columns: 80, rows: 60 } });
    expect(await shown.closed).toBe(0);
    expect(shown.output()).toMatch(/^DATE\s+TIME\s+MEDICATION\s+RRULE\r?$/m);
    expect(shown.output()).toContain('FREQ=DAILY');
    // --fields on the command line wins; piped JSON is whole (a script's output does not change with a person's taste).
    const chosen = runInTerminal(['calendar', 'list', '--patient', clara.userId, '--fields', 'id,title', '--no-color', '--no-pager'], env, { size: { columns: 80, rows: 60 } });
    expect(await chosen.closed).toBe(0);
    expect(chosen.output()).toMatch(/^ID\s+TITLE\r?$/m);
    const piped = await runCli(['calendar', 'list', '--patient', clara.userId, '--json'], env);
    expect(Object.keys((JSON.parse(piped.stdout) as Record<string, unknown>[])[0] ?? {})).toEqual(expect.arrayContaining(['id', 'userId', 'title', 'amount']));
  }, 120_000);
});
