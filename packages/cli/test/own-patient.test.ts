import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { useCliServer } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

// A patient's own key, at a terminal: what it may read, said once; its own patient without --patient.
const cli = useCliServer();
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');
const dieter = demoUser(0, 'patient2');
const days = ['--from', '2026-01-05', '--to', '2026-01-06'];
const medicationIds = ['64d003000000000000000001', '64d003000000000000000002', '64d003000000000000000003'];
const idsNote = /Medications are shown by id: this key may not read them/g;

function envOf(apiKey: string): Record<string, string> {
  return { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: apiKey, LANG: 'de_DE.UTF-8' };
}

/** The CLI at a terminal of `columns`; stderr in a file, so that its notes are read as written. */
async function onScreen(args: string[], apiKey: string, columns = 80): Promise<{ code: number | null; screen: string; stderr: string }> {
  const errFile = join(tempConfigDir(), 'err.log');
  const shown = runInTerminal([...args, '--no-color', '--no-pager'], envOf(apiKey), { size: { columns, rows: 60 }, stderrFile: errFile });
  const code = await shown.closed;
  return { code, screen: shown.output(), stderr: readFileSync(errFile, 'utf8') };
}

beforeAll(async () => {
  const bake = await runCli(['bake', '--patient', clara.userId, ...days, '--yes'], envOf(nurse.apiKey));
  if (bake.code !== 0) throw new Error(`the bake failed: ${bake.stderr}`);
});

describe("a patient's own key", () => {
  it.each([120, 80, 60])('at %i columns calendar list and bake show keep the medication ids and say once on stderr why names are not shown', async (columns) => {
    for (const args of [
      ['calendar', 'list'],
      ['bake', 'show', ...days],
    ]) {
      const { code, screen, stderr } = await onScreen(args, clara.apiKey, columns);
      expect(code, stderr).toBe(0);
      expect(stderr.match(idsNote), `${args.join(' ')}: ${stderr}`).toHaveLength(1);
      expect(stderr).toContain('--fields date,time,title,amount,unit');
      for (const id of medicationIds) expect(screen, args.join(' ')).toContain(id);
    }
  });

  it('a staff key reads the names and is told nothing about ids', async () => {
    const { code, screen, stderr } = await onScreen(['calendar', 'list', '--patient', clara.userId], nurse.apiKey);
    expect(code, stderr).toBe(0);
    expect(screen).toContain('Ibuprofen 400 mg');
    expect(stderr).not.toMatch(idsNote);
  });

  it('bake show without --patient reads the key’s own patient and says which on stderr', async () => {
    const { code, screen, stderr } = await onScreen(['bake', 'show', ...days], clara.apiKey);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(`Patient: this key's own, ${clara.userId}`);
    expect(screen).toMatch(/^2026-01-05\s+08:00\s+64d003000000000000000001\s+1\s+tablet/m);
    const summed = await onScreen(['bake', 'show', ...days, '--summary'], clara.apiKey, 120);
    expect(summed.code, summed.stderr).toBe(0);
    expect(summed.stderr).toContain(`Patient: this key's own, ${clara.userId}`);
  });

  it('bake show --patient naming another patient (by id or by name) is refused, saying whose key it is and what to do', async () => {
    for (const other of [dieter.userId, 'Dieter']) {
      const { code, stderr } = await onScreen(['bake', 'show', '--patient', other, ...days], clara.apiKey);
      expect(code, stderr).toBe(4);
      expect(stderr).toContain(`this key belongs to patient ${clara.userId} and reads only that patient's schedule, not "${other}"`);
      expect(stderr).toContain('leave out --patient to read your own');
    }
    // Its own id is fine.
    expect((await onScreen(['bake', 'show', '--patient', clara.userId, ...days], clara.apiKey)).code).toBe(0);
  });

  it('a staff key without --patient is still asked for one', async () => {
    const { code, stderr } = await onScreen(['bake', 'show', ...days], nurse.apiKey);
    expect(code).toBe(2);
    expect(stderr).toContain('--patient is required');
  });
});
