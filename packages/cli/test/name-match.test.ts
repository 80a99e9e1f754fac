import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let env: Record<string, string>;
const admin = demoUser(0, 'admin');
/** Residents whose names a keyboard without their letters cannot type. */
const residents = ['Jürgen Müller', 'Żółć Kowalska', 'Nguyễn Văn An', 'Kari Ødegård'];

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey };
  for (const [index, name] of residents.entries()) {
    const created = await runCli(['user', 'create', '--name', name, '--email', `resident${index}@sonnen.example`, '--role', 'patient', '--timezone', 'Europe/Berlin', '--yes'], env);
    expect(created.code, created.stderr).toBe(0);
  }
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

describe('names match as people type them', () => {
  const cases: [typed: string, found: string][] = [
    ['muller', 'Jürgen Müller'],
    ['MUELLER', 'Jürgen Müller'],
    ['Müller'.normalize('NFD'), 'Jürgen Müller'],
    ['zolc', 'Żółć Kowalska'],
    ['Nguyen Van', 'Nguyễn Văn An'],
    ['nguyễn văn'.normalize('NFD'), 'Nguyễn Văn An'],
    ['odegard', 'Kari Ødegård'],
  ];

  it.each(cases)('patients list --search %j finds %s', async (typed, found) => {
    const list = await runCli(['patients', 'list', '--no-devices', '--search', typed, '--json', 'name'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([{ name: found }]);
  });

  it('--patient takes the typed name, decomposed or not, and echoes whom it found', async () => {
    for (const [typed, found] of cases) {
      const entries = await runCli(['calendar', 'list', '--patient', typed, '--json', 'id'], env);
      expect(entries.code, `${typed}: ${entries.stderr}`).toBe(0);
      expect(entries.stderr).toContain(`Patient ${typed.trim()} = ${found}`);
    }
  });

  it('completion offers Jürgen for "Ju" and "mu", from the names the profile has seen', async () => {
    expect((await runCli(['patients', 'list', '--no-devices'], env)).code).toBe(0);
    for (const typed of ['Ju', 'ju', 'mu', 'Mü'.normalize('NFD')]) {
      const words = await runCli(['__complete', 'patients', typed], env);
      expect(words.code).toBe(0);
      expect(words.stdout.split('\n'), typed).toContain('Jürgen Müller');
      expect(words.stdout).not.toContain('Clara Claus');
    }
    const all = await runCli(['__complete', 'patients'], env);
    expect(all.stdout).toContain('Clara Claus');
    const bash = await runCli(['completion', 'bash'], env);
    expect(bash.stdout).toContain('medsched __complete patients "$cur"');
  });
});
