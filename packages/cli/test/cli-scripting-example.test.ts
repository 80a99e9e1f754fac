import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBin, cliEnv, tempConfigDir, transcript } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples', 'cli-scripting');
const script = join(examples, 'bake-next-week.sh');
let server: RunningServer;
const nurse = demoUser(0, 'user');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

function runScript(args: string[], env: Record<string, string>, file = script): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', [file, ...args], { env: cliEnv({ MEDSCHED_BIN: `${process.execPath} ${cliBin}`, ...env }) }, (error, stdout, stderr) => {
      transcript.push(stdout, stderr);
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe('examples/cli-scripting/bake-next-week.sh', () => {
  it('bakes next week for every patient of the organization and reports the alarms', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
    const result = await runScript([nurse.organizationId], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Dates from next-week = \d{4}-\d{2}-\d{2} \(Mon\) to next-week = \d{4}-\d{2}-\d{2} \(Sun\)/);
    expect(result.stdout).toMatch(/^Baked \d+ entries for 4 patients; \d+ alarms on \d+ devices\.$/m);
    expect(result.stdout).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} {2}device [0-9a-f]{24} {2}patient [0-9a-f]{24} {2}\d+ entr(y|ies)$/m);
  });

  it("without an organization bakes the credential's own", async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
    const result = await runScript([], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Baked \d+ entries for 4 patients;/m);
  });

  it('passes the CLI exit code on: a wrong key ends the script with 3, a malformed organization with 2', async () => {
    const wrongKey = await runScript([nurse.organizationId], { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: 'msk_wrong_0000000000' });
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.stderr).toContain('401 unauthenticated');
    const missing = await runScript(['sonnen'], { MEDSCHED_CONFIG_DIR: tempConfigDir() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage:');
  });

  it('week-plans.sh bakes next week and saves one plan PDF per patient, by name', async () => {
    const dir = join(tempConfigDir(), 'plans');
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
    const result = await runScript([dir], env, join(examples, 'week-plans.sh'));
    expect(result.code, result.stderr).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['Clara-Claus.pdf', 'Dieter-Dorn.pdf', 'Erika-Engel.pdf', 'Felix-Frost.pdf']);
    for (const file of files) expect(readFileSync(join(dir, file)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
