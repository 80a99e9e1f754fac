import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
const admin = demoUser(0, 'admin');
const nurse = demoUser(0, 'user');

/** The fields of `whoami --json` these tests read one by one (the CLI's own shape, not an API record). */
interface WhoamiAnswer {
  credential: string;
}

/** One row of `profiles list --json`. */
interface ProfileRow {
  name: string;
  active: boolean;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

describe('login from the environment', () => {
  it('checks the key, saves it in a 0600 file, and whoami shows only its last four characters', async () => {
    const configDir = tempConfigDir();
    const login = await runCli(['login', '--organization', admin.organizationId], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`…${admin.apiKey.slice(-4)}`);
    expect(login.stdout).toBe('');

    const file = join(configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Nothing in the environment now: the stored profile answers.
    const whoami = await runCli(['whoami', '--json'], { MEDSCHED_CONFIG_DIR: configDir });
    expect(whoami.code, whoami.stderr).toBe(0);
    const me = JSON.parse(whoami.stdout) as WhoamiAnswer;
    expect(me).toMatchObject({ profile: 'default', baseUrl: server.url, baseUrlFrom: 'profile', credentialFrom: 'profile', organization: admin.organizationId, status: 'valid' });
    expect(me.credential).toBe(`API key …${admin.apiKey.slice(-4)}`);
  });

  it('refuses a wrong key with exit 3 and saves nothing', async () => {
    const configDir = tempConfigDir();
    const login = await runCli(['login'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: 'msk_wrong_key_12345678' });
    expect(login.code).toBe(3);
    expect(login.stderr).toMatch(/^error: 401 unauthenticated: .*\(request [^)]+\)$/m);
    // Says where the refused key came from, and what to change there.
    expect(login.stderr).toContain('the server refused the API key from MEDSCHED_API_KEY');
    expect(login.stderr).toContain('hint: fix or unset MEDSCHED_API_KEY');
    expect(login.stderr).not.toContain('msk_wrong_key_12345678');
    const profiles = await runCli(['profiles', 'list', '--json'], { MEDSCHED_CONFIG_DIR: configDir });
    expect(profiles.stdout).toBe('');
  });

  it('without a credential and without a terminal, login explains what to pass (exit 2)', async () => {
    const login = await runCli(['login'], { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('no credential to log in with');
  });
});

describe('resolution: flag > environment > profile', () => {
  it('prefers the flag over the environment over the profile, and never mixes credentials', async () => {
    const configDir = tempConfigDir();
    await runCli(['login', '--profile', 'nurse'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey });
    const fromProfile = JSON.parse((await runCli(['whoami', '--json', '--offline'], { MEDSCHED_CONFIG_DIR: configDir })).stdout) as unknown;
    expect(fromProfile).toMatchObject({ profile: 'nurse', credentialFrom: 'profile' });

    const fromEnv = JSON.parse((await runCli(['whoami', '--json', '--offline'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_API_KEY: admin.apiKey })).stdout) as unknown;
    expect(fromEnv).toMatchObject({ credentialFrom: 'environment', credential: `API key …${admin.apiKey.slice(-4)}` });

    const fromFlag = JSON.parse(
      (await runCli(['whoami', '--json', '--offline', '--base-url', 'http://127.0.0.1:1/v1', '--tz', 'Asia/Tokyo'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url })).stdout,
    ) as unknown;
    expect(fromFlag).toMatchObject({ baseUrl: 'http://127.0.0.1:1/v1', baseUrlFrom: 'flag', timezone: 'Asia/Tokyo', timezoneFrom: 'flag' });
  });

  it('profiles list|use and config get|set work on the stored file; unknown names are usage errors', async () => {
    const configDir = tempConfigDir();
    const env = { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey };
    expect((await runCli(['login', '--profile', 'a'], env)).code).toBe(0);
    expect((await runCli(['login', '--profile', 'b'], env)).code).toBe(0);
    const stored = { MEDSCHED_CONFIG_DIR: configDir };

    const list = JSON.parse((await runCli(['profiles', 'list', '--json'], stored)).stdout) as ProfileRow[];
    // The first profile became active; logging in to another with --profile does not switch (--activate would).
    expect(list.map((row) => [row.name, row.active])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect((await runCli(['profiles', 'use', 'a'], stored)).code).toBe(0);
    expect((await runCli(['profiles', 'use', 'zzz'], stored)).code).toBe(2);

    expect((await runCli(['config', 'set', 'timezone', 'Europe/Berlin'], stored)).code).toBe(0);
    expect((await runCli(['config', 'get', 'timezone'], stored)).stdout).toBe('Europe/Berlin\n');
    expect((await runCli(['config', 'get', 'timezone', '--profile', 'b'], stored)).stdout).toBe('');
    expect((await runCli(['config', 'set', 'timezone', 'Mars/Olympus'], stored)).code).toBe(2);
    expect((await runCli(['config', 'set', 'api-key', 'x'], stored)).code).toBe(2);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);

    const table = await runCli(['profiles', 'list', '--output', 'table'], stored);
    expect(table.stdout).toMatch(/^\s+NAME\s+BASE URL\s+CREDENTIAL\s+ORGANIZATION/);
    expect(table.stdout).toContain(`API key …${admin.apiKey.slice(-4)}`);
  });

  it('logout removes the credential; then commands exit 3 with a hint', async () => {
    const configDir = tempConfigDir();
    await runCli(['login'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey });
    expect((await runCli(['logout'], { MEDSCHED_CONFIG_DIR: configDir })).code).toBe(0);
    const after = await runCli(['calendar', 'list'], { MEDSCHED_CONFIG_DIR: configDir });
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('not logged in');
  });
});
