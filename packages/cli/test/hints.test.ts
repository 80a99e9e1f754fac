import { describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { useSignedInCli } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

// Hints a person can act on, an exact role, one pager: each through the CLI as a process.
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');

const cli = useSignedInCli(nurse);

describe('the smaller items a person meets (issue 29)', () => {
  it('a base URL without /v1 says so (not "check the organization id"); https against a plain-HTTP server says to try http://', async () => {
    const noVersion = await runCli(['org', 'get', nurse.organizationId], { ...cli.env, MEDSCHED_BASE_URL: cli.server.origin });
    expect(noVersion.code).toBe(5);
    expect(noVersion.stderr).toContain(`hint: the base URL ${cli.server.origin} does not end in /v1`);
    expect(noVersion.stderr).toContain(`use ${cli.server.origin}/v1`);
    expect(noVersion.stderr).not.toContain('check the organization id');

    const tls = await runCli(['org', 'get', nurse.organizationId, '--timeout', '10'], { ...cli.env, MEDSCHED_BASE_URL: cli.server.url.replace(/^http:/, 'https:') });
    expect(tls.code).toBe(7);
    expect(tls.stderr).toContain(`speaks plain HTTP, not TLS (https): try ${cli.server.url}`);
    expect(tls.stderr).not.toContain('is the server running?');
  });

  it('an API key of staff shows the class staff with what it means (no write is sent to find out), a patient key as patient', async () => {
    const whoami = async (apiKey: string) => {
      const result = await runCli(['whoami', '--json', '--debug'], { ...cli.env, MEDSCHED_API_KEY: apiKey });
      // --debug logs every request: reads only, no PATCH of anyone's account.
      expect(result.stderr).toMatch(/\bGET\b/);
      expect(result.stderr).not.toMatch(/\bPATCH\b/);
      return JSON.parse(result.stdout) as { role: string; roleNote?: string };
    };
    for (const apiKey of [demoUser(0, 'admin').apiKey, nurse.apiKey]) {
      const me = await whoami(apiKey);
      expect(me.role).toBe('staff');
      expect(me.roleNote).toContain('admin or user');
    }
    expect((await whoami(clara.apiKey)).role).toBe('patient');
  });

  it('patients list --no-devices prints no device columns in a table', async () => {
    const table = await runCli(['patients', 'list', '--no-devices', '--output', 'table'], cli.env);
    expect(table.code, table.stderr).toBe(0);
    const header = table.stdout.split('\n')[0] as string;
    expect(header).toMatch(/^ID\s+NAME/);
    expect(header).not.toMatch(/DEVICE/);
    expect((await runCli(['patients', 'list', '--output', 'table'], cli.env)).stdout.split('\n')[0]).toMatch(/DEVICE/);
  });

  it('"2 medications match" lists both and points at `medication list --refresh` (the profile keeps a catalog that may be stale)', async () => {
    const own = { ...cli.env, MEDSCHED_CONFIG_DIR: tempConfigDir() };
    for (const name of ['Glucophage 500 mg', 'Glucophage 1000 mg']) expect((await runCli(['medication', 'create', '--name', name, '--yes'], own)).code).toBe(0);
    const ambiguous = await runCli(['medication', 'get', 'glucophage'], own);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('2 medications match "glucophage"');
    expect(ambiguous.stderr).toMatch(/Glucophage 500 mg \([0-9a-f]{24}\)/);
    expect(ambiguous.stderr).toContain('`medsched medication list --refresh` reads them again');
  });

  it('a bake on a terminal opens one pager for its intakes and its alarms, not two in a row', async () => {
    const own = { ...cli.env, MEDSCHED_CONFIG_DIR: tempConfigDir(), PAGER: "sh -c 'echo PAGER-OPENED; cat'" };
    const bake = runInTerminal(['bake', '--patient', clara.userId, '--from', '2026-02-02', '--to', '2026-02-08', '--yes', '--no-color'], own, { size: { columns: 200, rows: 10 } });
    expect(await bake.closed).toBe(0);
    const screen = bake.output();
    expect(screen).toMatch(/DEVICEID/);
    expect(screen).toMatch(/MEDICATION/);
    expect(screen.match(/PAGER-OPENED/g)).toHaveLength(1);
    // The pager got both tables: the alarms come after the marker, not on the screen before it.
    expect(screen.indexOf('DEVICEID')).toBeGreaterThan(screen.indexOf('PAGER-OPENED'));
  });

  it('an error and its hint wrap between words on a narrow terminal; in a log each stays one line', async () => {
    const args = ['org', 'get', nurse.organizationId, '--no-color'];
    const env = { ...cli.env, MEDSCHED_BASE_URL: cli.server.origin };
    const narrow = runInTerminal(args, env, { size: { columns: 72, rows: 40 } });
    expect(await narrow.closed).toBe(5);
    const screen = narrow.output().replace(/\r/g, '');
    const lines = screen.split('\n').filter((line) => line !== '');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(72);
    // Read as one text again, it is the log's two lines: nothing lost or split inside a word.
    const logged = await runCli(args, env);
    expect(logged.stderr.trim().split('\n')).toHaveLength(2);
    const requestIds = (text: string) => text.replace(/req_\w+/g, 'req_<id>');
    expect(requestIds(lines.map((line) => line.trim()).join(' '))).toBe(requestIds(logged.stderr.trim().split('\n').join(' ')));
    expect(lines.length).toBeGreaterThan(2);
  });
});
