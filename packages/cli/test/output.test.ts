import type { CalendarEntry, Organization, User } from '@medsched/sdk';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let env: Record<string, string>;
const admin = demoUser(0, 'admin');

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey, MEDSCHED_ORGANIZATION: admin.organizationId };
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

describe('output formats', () => {
  it('prints JSON when piped, and a table, csv or ndjson when asked', async () => {
    const json = await runCli(['user', 'list', '--role', 'patient'], env);
    expect(json.code, json.stderr).toBe(0);
    const users = JSON.parse(json.stdout) as User[];
    expect(users.map((user) => user.role)).toEqual(['patient', 'patient', 'patient']);

    const table = await runCli(['user', 'list', '--role', 'patient', '--output', 'table'], env);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+CATEGORY\s+TIMEZONE$/);
    expect(rows).toHaveLength(3);
    // Piped output carries no colour codes.
    expect(table.stdout).not.toContain('\u001b[');

    const csv = await runCli(['user', 'list', '--role', 'patient', '-o', 'csv'], env);
    expect(csv.stdout.split('\r\n')[0]).toBe('id,name,email,role,category,timezone');
    const ndjson = await runCli(['user', 'list', '--role', 'patient', '-o', 'ndjson'], env);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as User).id),
    ).toEqual(users.map((user) => user.id));
  });

  it('pages through everything with --all, and says so on stderr when it shows one page', async () => {
    const page = await runCli(['calendar', 'list', '--limit', '2'], env);
    expect(JSON.parse(page.stdout)).toHaveLength(2);
    expect(page.stderr).toMatch(/Showing 2 of \d+; add --all/);
    const all = await runCli(['calendar', 'list', '--limit', '2', '--all'], env);
    const entries = JSON.parse(all.stdout) as CalendarEntry[];
    expect(entries.length).toBeGreaterThan(2);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  it('prints one record as key/value lines on a table and as an object in JSON', async () => {
    const table = await runCli(['org', 'get', '-o', 'table'], env);
    expect(table.stdout).toMatch(new RegExp(`^id\\s+${admin.organizationId}$`, 'm'));
    const json = JSON.parse((await runCli(['org', 'get'], env)).stdout) as Organization;
    expect(json.id).toBe(admin.organizationId);
  });

  it('rejects an unknown format with exit 2', async () => {
    const result = await runCli(['org', 'get', '-o', 'yaml'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are table, json, csv, ndjson');
  });
});

describe('help, version, completion (no server, no SDK)', () => {
  it('prints the version of package.json', async () => {
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
    const result = await runCli(['--version'], {});
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('prints help with examples and the exit codes', async () => {
    const result = await runCli(['--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain('Exit codes: 0 ok, 1 other, 2 usage');
  });

  it('prints completion scripts for bash, zsh and fish; bash completes subcommands', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const result = await runCli(['completion', shell], {});
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('medsched');
    }
    const bash = (await runCli(['completion', 'bash'], {})).stdout;
    const { execFileSync } = await import('node:child_process');
    const completed = execFileSync('bash', ['-c', `${bash}\nCOMP_WORDS=(medsched device ev); COMP_CWORD=2; _medsched; echo "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
    expect(completed.trim()).toBe('events');
    expect((await runCli(['completion', 'powershell'], {})).code).toBe(2);
  });
});
