import type { BakeResult, CalendarEntry } from '@medsched/sdk';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/support/run-cli.js';
import { useSignedInCli } from '../../../test/support/cli-server.js';
import { demoUser } from '../../../test/support/test-server.js';

// Needs the bake engine (POST/GET/DELETE /calendars/bake) except where a test says otherwise.
const nurse = demoUser(0, 'user');
const patient = demoUser(0, 'patient1');

const cli = useSignedInCli(nurse);

describe('bake, bake show, unbake', () => {
  const range = ['--from', '2026-01-05', '--to', '2026-01-07'];

  it('bakes a patient range, echoes the dates on stderr, prints only JSON on stdout', async () => {
    const bake = await runCli(['bake', '--patient', patient.userId, ...range], cli.env);
    expect(bake.code, bake.stderr).toBe(0);
    expect(bake.stderr).toContain('Dates from 2026-01-05 (Mon) to 2026-01-07 (Wed)');
    const result = JSON.parse(bake.stdout) as BakeResult;
    // Two one-off entries and three daily occurrences of the series.
    expect(result.data).toHaveLength(5);
    expect(result.data.every((entry) => entry.baked)).toBe(true);
    expect(result.alarms.length).toBeGreaterThan(0);
  });

  it('bake show reads the same schedule as a table, changing nothing', async () => {
    const show = await runCli(['bake', 'show', '--patient', patient.userId, ...range, '--output', 'table'], cli.env);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^DATE\s+TIME\s+TIMEZONE\s+PATIENT\s+PATIENTID\s+MEDICATION\s+AMOUNT\s+UNIT\s+TITLE\s+DEVICE\s+ID/m);
    expect(show.stdout).toMatch(/^DATE\s+TIME\s+TIMEZONE\s+DEVICE\s+DEVICEID\s+PATIENT\s+PATIENTID\s+ENTRIES/m);
    expect(show.stdout).not.toContain('false');
  });

  it('a baked entry is final: changing it exits 6 before asking, with a hint to unbake', async () => {
    const list = JSON.parse((await runCli(['calendar', 'list', '--patient', patient.userId, '--all'], cli.env)).stdout) as CalendarEntry[];
    const baked = list.find((entry) => entry.baked && !entry.rrule);
    if (!baked) throw new Error('the demo data has no baked one-off entry');
    const update = await runCli(['calendar', 'update', baked.id, '--amount', '3'], cli.env);
    expect(update.code).toBe(6);
    expect(update.stderr).toContain('is baked: it is final');
    expect(update.stderr).toContain(`medsched unbake --patient ${patient.userId} --from ${baked.date} --yes`);
  });

  it('unbake without a terminal and without --yes refuses (exit 2) and changes nothing [no server needed]', async () => {
    const unbake = await runCli(['unbake', '--patient', patient.userId, ...range], cli.env);
    expect(unbake.code).toBe(2);
    expect(unbake.stderr).toContain('refusing to unbake without confirmation');
    expect(unbake.stderr).toContain('--yes');
    expect(unbake.stdout).toBe('');
  });

  it('unbake --yes reverts the range to drafts', async () => {
    const unbake = await runCli(['unbake', '--patient', patient.userId, ...range, '--yes', '--json'], cli.env);
    expect(unbake.code, unbake.stderr).toBe(0);
    const reverted = JSON.parse(unbake.stdout) as CalendarEntry[];
    expect(reverted.length).toBeGreaterThan(0);
    expect(reverted.every((entry) => !entry.baked)).toBe(true);
    const show = JSON.parse((await runCli(['bake', 'show', '--patient', patient.userId, ...range], cli.env)).stdout) as BakeResult;
    expect(show.data).toHaveLength(0);
  });

  it('an organization-wide bake shows progress on stderr only', async () => {
    const bake = await runCli(['bake', '--all-patients', '--organization', nurse.organizationId, '--from', '2026-02-02', '--to', '2026-02-03', '--yes'], cli.env);
    expect(bake.code, bake.stderr).toBe(0);
    expect(bake.stderr).toMatch(new RegExp(`Baking every patient of .+ \\(${nurse.organizationId}\\)…`));
    expect(bake.stderr).toMatch(/Baked \d+ entries from 2026-02-02 to 2026-02-03 \(\d+\.\d s\)/);
    const result = JSON.parse(bake.stdout) as BakeResult;
    const patients = new Set(result.data.map((entry) => entry.userId));
    expect(patients.size).toBeGreaterThan(1);
  });
});

describe('human dates [no bake engine needed for the errors]', () => {
  it('resolves next-week in the given zone and echoes it', async () => {
    const bake = await runCli(['bake', '--patient', patient.userId, '--from', 'next-week', '--tz', 'Europe/Berlin'], cli.env);
    expect(bake.stderr).toMatch(/Dates from next-week = (\d{4}-\d{2}-\d{2}) \(Mon\) to next-week = \d{4}-\d{2}-\d{2} \(Sun\), Europe\/Berlin/);
    expect(bake.code, bake.stderr).toBe(0);
  });

  it('rejects a date it cannot read, and a reversed range, with exit 2 before any request', async () => {
    const unreadable = await runCli(['bake', '--patient', patient.userId, '--from', 'someday'], cli.env);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('cannot read the date "someday"');
    const reversed = await runCli(['bake', '--patient', patient.userId, '--from', '2026-03-10', '--to', '2026-03-01'], cli.env);
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain('before it starts');
  });
});
