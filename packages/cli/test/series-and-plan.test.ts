import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { useSignedInCli } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const nurse = demoUser(0, 'user');
const erika = demoUser(0, 'patient3');
const week = ['--from', '2026-01-05', '--to', '2026-01-07'];

const cli = useSignedInCli(nurse);

/** Erika's daily series (the third demo entry of each patient). */
async function seriesId(): Promise<string> {
  const entries = JSON.parse((await runCli(['calendar', 'list', '--patient', erika.email, '--all', '--json', 'id,rrule'], cli.env)).stdout) as { id: string; rrule: unknown }[];
  return (entries.find((entry) => typeof entry.rrule === 'string') as { id: string }).id;
}

async function bakedAmounts(): Promise<number[]> {
  const rows = JSON.parse((await runCli(['bake', 'show', '--patient', erika.email, ...week, '--json', 'title,amount'], cli.env)).stdout) as { title: string; amount: number }[];
  return rows.filter((row) => row.title === 'Daily dose').map((row) => row.amount);
}

describe('changing a series that has baked days', () => {
  it('says which baked dates keep the old values; --rebake bakes them again (with --yes outside a terminal)', async () => {
    expect((await runCli(['bake', '--patient', erika.email, ...week], cli.env)).code).toBe(0);
    const id = await seriesId();

    const update = await runCli(['calendar', 'update', id, '--amount', '2'], cli.env);
    expect(update.code, update.stderr).toBe(0);
    expect(update.stderr).toContain('3 baked occurrences keep the old values: 2026-01-05, 2026-01-06, 2026-01-07');
    expect(update.stderr).toContain('--rebake');
    expect(await bakedAmounts()).toEqual([1, 1, 1]);

    // The confirmation rules of unbake: no terminal and no --yes is exit 2, and nothing changes.
    const refused = await runCli(['calendar', 'update', id, '--amount', '3', '--rebake'], cli.env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to unbake without confirmation');
    // Refused before the update: the series still says 2.
    expect(JSON.parse((await runCli(['calendar', 'get', id, '--json', 'amount'], cli.env)).stdout)).toEqual({ amount: 2 });
    expect(await bakedAmounts()).toEqual([1, 1, 1]);

    const rebaked = await runCli(['calendar', 'update', id, '--amount', '2', '--rebake', '--yes'], cli.env);
    expect(rebaked.code, rebaked.stderr).toBe(0);
    expect(rebaked.stderr).toMatch(/Re-baked 2026-01-05 to 2026-01-07: \d+ entries unbaked, \d+ entries baked with the new values/);
    expect(await bakedAmounts()).toEqual([2, 2, 2]);

    const again = await runCli(['calendar', 'update', id, '--unit', 'capsule'], cli.env);
    expect(again.stderr).toContain('3 baked occurrences keep the old values');
  });

  it('calendar update with nothing to change is a usage error', async () => {
    const result = await runCli(['calendar', 'update', '64d005000000000000000001'], cli.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('nothing to change');
  });
});

describe('medsched plan', () => {
  it("saves the PDF of the patient's plan page, or prints the signed link", async () => {
    const out = join(tempConfigDir(), 'plan.pdf');
    const plan = await runCli(['plan', '--patient', 'Erika', ...week, '--out', out], cli.env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toMatch(new RegExp(`Saved the plan of Erika \\S+ \\(${erika.userId}\\) from 2026-01-05 to 2026-01-07 in ${out}`));
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    expect(plan.stdout).toBe('');

    const link = await runCli(['plan', '--patient', erika.userId, ...week, '--link'], cli.env);
    expect(link.code, link.stderr).toBe(0);
    const signed = link.stdout.trim();
    expect(signed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/pdf\?/);
    expect(decodeURIComponent(signed)).toContain(`https://app.medsched.test/patients/${erika.userId}/plan?from=2026-01-05&to=2026-01-07`);
    // The link is the credential: fetched with none.
    const response = await fetch(signed);
    expect(response.headers.get('content-type')).toContain('application/pdf');
  });

  it('asks for --patient', async () => {
    const plan = await runCli(['plan', '--from', 'next-week'], cli.env);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain('--patient is required');
  });
});
