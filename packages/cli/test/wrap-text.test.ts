import { beforeAll, describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { tempConfigDir } from './support/run-cli.js';
import { useCliServer } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

// The lines around a bake's question, wrapped between words to the terminal: never `a ne` / `w bake`, never a lone `.`.
const cli = useCliServer();
let env: Record<string, string>;
const nurse = demoUser(0, 'user');
const week = ['--from', '2027-01-04', '--to', '2027-01-10'];
const finalWarning = "Baked intakes are final: the patients' devices ring and dispense them; a later change needs `medsched unbake` and a new bake.";

beforeAll(() => {
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: nurse.apiKey, LANG: 'de_DE.UTF-8' };
});

/** What the terminal shows, as lines: colours and cursor moves taken out; a line redrawn after `\r` (the progress spinner) is what was drawn last. */
function screenLines(output: string): string[] {
  return output
    .replace(/\u001b\[\d*G/g, '\r')
    .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
    .split(/\r?\n/)
    .map(
      (line) =>
        line
          .split('\r')
          .filter((part) => part !== '')
          .at(-1) ?? '',
    );
}

/** The screen read as one text: a line break and the indent after it count as the space they replaced. */
function asProse(lines: string[]): string {
  return lines.join('\n').replace(/\n +/g, ' ').replace(/\n/g, ' ');
}

describe('the question of a bake, at a terminal', () => {
  it.each([120, 80, 60])('at %i columns every line of the question fits, words are whole, the date range is on one line', async (columns) => {
    const asked = runInTerminal(['bake', '--all-patients', ...week, '--no-color'], env, { size: { columns, rows: 60 } });
    await asked.answer(/\(y\/N\)/, 'n\r');
    expect(await asked.closed, asked.output()).toBe(8);
    const lines = screenLines(asked.output());
    for (const line of lines) expect([...line.normalize('NFC')].length, `${columns}: ${line}`).toBeLessThanOrEqual(columns);
    const prose = asProse(lines);
    expect(prose).toContain(finalWarning);
    expect(prose).toMatch(/Bake every patient of Sonnen-Apotheke, Mon 4 Jan – Sun 10 Jan 2027\? /);
    expect(
      lines.some((line) => line.includes('(2027-01-04 to 2027-01-10)')),
      lines.join('\n'),
    ).toBe(true);
    expect(lines.some((line) => /^\s*\.\s*$/.test(line))).toBe(false);
  });

  it('notes and warnings on a terminal wrap too (--dry-run prints them through the printer)', async () => {
    const dry = runInTerminal(['bake', '--all-patients', ...week, '--dry-run', '--no-color'], env, { size: { columns: 60, rows: 60 } });
    expect(await dry.closed, dry.output()).toBe(0);
    const lines = screenLines(dry.output());
    // The requests on stdout are data (a URL is never broken); everything on stderr fits.
    for (const line of lines.filter((text) => !text.includes('http'))) expect([...line.normalize('NFC')].length, line).toBeLessThanOrEqual(60);
    expect(asProse(lines)).toContain(`! ${finalWarning}`);
  });
});

describe('a command to paste, in a note at a terminal', () => {
  it('is never broken by a line break: pasted, each line would run as a command of its own', async () => {
    // Nothing is baked in this week of 2031, so the note names the command that bakes it.
    const shown = runInTerminal(['bake', 'show', '--all-patients', '--from', '2031-03-03', '--to', '2031-03-09', '--no-color'], env, { size: { columns: 60, rows: 60 } });
    expect(await shown.closed, shown.output()).toBe(0);
    const lines = screenLines(shown.output());
    expect(
      lines.some((line) => /`medsched bake --patient "[^"]+" --from 2031-03-03 --to 2031-03-09`/.test(line)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((line) => line.includes('`medsched bake --all-patients --from 2031-03-03 --to 2031-03-09`')),
      lines.join('\n'),
    ).toBe(true);
    // The bake's question still wraps its warning, with `medsched unbake` whole on one line.
    const asked = runInTerminal(['bake', '--all-patients', ...week, '--no-color'], env, { size: { columns: 60, rows: 60 } });
    await asked.answer(/\(y\/N\)/, 'n\r');
    expect(await asked.closed).toBe(8);
    expect(screenLines(asked.output()).some((line) => line.includes('`medsched unbake`'))).toBe(true);
  });
});
