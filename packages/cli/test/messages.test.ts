import { describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { useSignedInCli } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');

const cli = useSignedInCli(nurse);

/** A bearer token for a demo user from the development sign-in, living `ttlSeconds`. */
async function tokenFor(apiKey: string, ttlSeconds: number): Promise<string> {
  const response = await fetch(`${cli.server.origin}/dev/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey, ttlSeconds }) });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

describe('flags and accepted values, not SDK internals', () => {
  it('validates what the CLI can before any request', async () => {
    const category = await runCli(['calendar', 'create', '--patient', clara.userId, '--time-category', 'lunch'], cli.env);
    expect(category.code).toBe(2);
    expect(category.stderr).toContain("option '--time-category <name>' argument 'lunch' is invalid. Allowed choices are morning, noon, evening, night.");

    const alarm = await runCli(['device', 'update', '64d004000000000000000001', '--alarm-enable', 'yes'], cli.env);
    expect(alarm.code).toBe(2);
    expect(alarm.stderr).toContain('must be 1 (alarms on) or 0 (off)');

    const nothing = await runCli(['device', 'update', '64d004000000000000000001'], cli.env);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('error: nothing to change');
    expect(nothing.stderr).toContain('--alarm-enable 0|1');

    const amount = await runCli(['calendar', 'update', '64d005000000000000000003', '--amount', 'two'], cli.env);
    expect(amount.code).toBe(2);
    expect(amount.stderr).toContain('must be a number above zero');
    expect(amount.stderr).not.toContain('NaN');
  });

  it('a bad id names the flag, not "invalid body of bake.create"', async () => {
    const bake = await runCli(['bake', '--all-patients', '--organization', 'nope', '--from', 'today'], cli.env);
    expect(bake.code).toBe(2);
    expect(bake.stderr).toContain('error: --organization must be an id of 24 lower-case hex characters');
    expect(bake.stderr).not.toMatch(/bake\.create|invalid body/);
  });

  it('accepts the date words of bake on calendar create --date, echoed with the weekday', async () => {
    const created = await runCli(['calendar', 'create', '--patient', 'clara', '--name', 'Vitamin D3', '--date', 'next-week', '--time-category', 'noon', '--tz', 'Europe/Berlin'], cli.env);
    expect(created.code, created.stderr).toBe(0);
    const match = /Date next-week = (\d{4}-\d{2}-\d{2}) \(Mon\), Europe\/Berlin/.exec(created.stderr);
    expect(match).not.toBeNull();
    expect(JSON.parse(created.stdout)).toMatchObject({ date: match?.[1], startTime: '12:00', userId: clara.userId });
  });

  it('hints fit the error: a device 404 points at devices, a role 403 at the role', async () => {
    const device = await runCli(['device', 'events', '64d004ffffffffffffffffff'], cli.env);
    expect(device.code).toBe(5);
    expect(device.stderr).toContain('device');
    expect(device.stderr).not.toContain('calendar list');

    const role = await runCli(['org', 'update', nurse.organizationId, '--name', 'Mine now'], cli.env);
    expect(role.code).toBe(4);
    expect(role.stderr).toContain('hint: your role does not allow this');
    expect(role.stderr).not.toMatch(/hint:.*organization of your credential/);
  });
});

describe('where a refused credential came from', () => {
  it('a profile key: names the profile', async () => {
    const configDir = tempConfigDir();
    expect((await runCli(['login'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: nurse.apiKey })).code).toBe(0);
    // The key stops working on the server (revoked); the profile still holds it.
    await fetch(`${cli.server.origin}/dev/admin/keys/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-secret': 'cli-test-admin-secret' },
      body: JSON.stringify({ apiKey: nurse.apiKey }),
    });
    const list = await runCli(['calendar', 'list'], { MEDSCHED_CONFIG_DIR: configDir });
    expect(list.code).toBe(3);
    expect(list.stderr).toContain('the server refused the API key of profile "default"');
    expect(list.stderr).toContain('hint: run `medsched login --profile default`');
  });

  it('an expired token: says when it expired', async () => {
    const token = await tokenFor(clara.apiKey, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const list = await runCli(['calendar', 'list'], { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_TOKEN: token });
    expect(list.code).toBe(3);
    expect(list.stderr).toMatch(/the server refused the token from MEDSCHED_TOKEN: it expired at \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z/);
    expect(list.stderr).toContain('hint: get a new token, then fix or unset MEDSCHED_TOKEN');
  });
});

describe('login checks each answer where it is given', () => {
  it('without a terminal: a base URL without /v1 is named before the key is tried', async () => {
    const login = await runCli(['login'], { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.origin, MEDSCHED_API_KEY: 'msk_not_checked_yet' });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain(`no medsched API at ${cli.server.origin}`);
    expect(login.stderr).toContain(`e.g. ${cli.server.origin}/v1`);
    // 401 as a status on its own: the random port in the message may contain the digits (44011 did).
    expect(login.stderr).not.toMatch(/\b401\b/);
  });

  it('at a terminal: a wrong base URL and a wrong key are asked again', async () => {
    const configDir = tempConfigDir();
    const session = runInTerminal(['login'], { MEDSCHED_CONFIG_DIR: configDir });
    await session.answer(/API base URL/, `\u0015${cli.server.origin}\r`);
    await session.answer(/the base URL ends in \/v1/, `/v1\r`);
    await session.answer(/How do you authenticate/, '\r');
    await session.answer(/Paste your API key/, 'msk_wrong_key_0000\r');
    // Asked again on an empty field: the key alone, no backspaces over the refused one.
    await session.answer(/the server refused this key \(401\): paste it again/, `${clara.apiKey}\r`);
    await session.answer(/Profile name/, '\r');
    await session.answer(/Default organization id/, '\r');
    expect(await session.closed).toBe(0);
    expect(session.output()).toContain(`Organization ${clara.organizationId}, role patient.`);
    // The reason stands in the prompt: typed once it shows, the key is masked, never echoed.
    expect(session.output()).toMatch(/the server refused this key \(401\): paste it again, or Ctrl-C to stop\s*\r?\n.*Paste your API key/);
    expect(session.output()).not.toContain(clara.apiKey);
  });
});
