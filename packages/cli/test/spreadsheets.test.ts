import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliBin, cliEnv, runCli, tempConfigDir } from './support/run-cli.js';
import { useSignedInCli } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');
const day = ['--from', '2026-03-02', '--to', '2026-03-02'];

const cli = useSignedInCli(nurse);

/** Runs the CLI with stdout in a file, as `medsched … > file` does: the file's name is what the CLI sees. */
async function runIntoFile(args: string[], file: string): Promise<{ code: number | null; bytes: Buffer }> {
  const fd = openSync(file, 'w');
  const child = spawn(process.execPath, [cliBin, ...args], { env: cliEnv(cli.env), stdio: ['ignore', fd, 'pipe'] });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  closeSync(fd);
  return { code, bytes: readFileSync(file) };
}

describe('CSV a spreadsheet can open safely', () => {
  it('neutralises formula-leading cells, gives times their UTC offset and zone, and a BOM in a .csv file', async () => {
    const hostile = '=HYPERLINK("http://evil.example","click")';
    const medication = await runCli(['medication', 'create', '--name', hostile, '--json', 'id'], cli.env);
    expect(medication.code, medication.stderr).toBe(0);
    const medicationId = (JSON.parse(medication.stdout) as { id: string }).id;
    const created = await runCli(
      ['calendar', 'create', '--patient', clara.userId, '--name', '+Müller @home', '--date', '2026-03-02', '--time', '08:00', '--medication', medicationId, '--amount', '1', '--unit', '-tablet'],
      cli.env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect((await runCli(['bake', '--patient', clara.userId, ...day, '--yes'], cli.env)).code).toBe(0);

    const file = join(tempConfigDir(), 'week.csv');
    const { code, bytes } = await runIntoFile(['bake', 'show', '--patient', clara.userId, ...day, '--output', 'csv'], file);
    expect(code).toBe(0);
    // UTF-8 BOM first: Excel then reads Müller as Müller.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [header, ...rows] = text.trimEnd().split('\r\n');
    expect(header).toBe('date,time,utcOffset,timeZone,patient,patientId,medication,amount,unit,title,device,id');
    const row = rows.find((line) => line.includes('Müller')) as string;
    expect(row).toBeDefined();
    // Formula-leading text gets an apostrophe (OWASP); the quotes inside are CSV-escaped by csv-stringify.
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row).toContain("'+Müller @home");
    expect(row).toContain(",'-tablet,");
    // The time as a spreadsheet reads a time, its UTC offset in Clara's zone (the server bakes in it) and the zone itself.
    expect(row).toMatch(/^2026-03-02,08:00,UTC\+01:00,Europe\/Berlin,Clara Claus,/);
    expect(rows.every((line) => !/(^|,)[=+\-@]/.test(line.replace(/"/g, '')))).toBe(true);
  });

  it('no BOM on a pipe unless --bom; --no-bom into a .csv file', async () => {
    const piped = await runCli(['calendar', 'list', '--patient', clara.userId, '--output', 'csv'], cli.env);
    expect(piped.code).toBe(0);
    expect(piped.stdout.startsWith('id,date,time,utcOffset,timeZone,')).toBe(true);
    const withBom = await runCli(['calendar', 'list', '--patient', clara.userId, '--output', 'csv', '--bom'], cli.env);
    expect(withBom.stdout.startsWith('\ufeffid,date')).toBe(true);
    const { bytes } = await runIntoFile(['calendar', 'list', '--patient', clara.userId, '--output', 'csv', '--no-bom'], join(tempConfigDir(), 'entries.csv'));
    expect(bytes.subarray(0, 2).toString()).toBe('id');
  });
});
