import { createClient } from '@medsched/sdk';
import { describe, expect, it } from 'vitest';
import { useCliServer } from './support/cli-server.js';
import { startFaultProxy } from './support/fault-proxy.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { adminSecret, demoUser } from './support/test-server.js';

// A profile belongs to one home: once it has an organization, a credential of another home is
// refused by `login` and by every command (exit 11, both homes named), before anything is sent.
const cli = useCliServer();
const sonnen = demoUser(0, 'admin');
const lindenhof = demoUser(1, 'admin');
const week = ['--from', '2027-03-01', '--to', '2027-03-07'];
const slow = 120_000;

/** A config folder with profile "lindenhof" logged in with Haus Lindenhof's key. */
async function lindenhofProfile(): Promise<Record<string, string>> {
  const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url };
  const login = await runCli(['login', '--profile', 'lindenhof'], { ...env, MEDSCHED_API_KEY: lindenhof.apiKey });
  expect(login.code, login.stderr).toBe(0);
  expect(login.stderr).toContain(`Organization Haus Lindenhof (${lindenhof.organizationId})`);
  return env;
}

/** The baked intakes of every demo patient of an organization in `week`, read back through the SDK. */
async function bakedIn(credential: { apiKey: string; organizationId: string }): Promise<number> {
  const sdk = createClient({ baseUrl: cli.server.url, apiKey: credential.apiKey });
  let baked = 0;
  for await (const user of sdk.users.iterate({ organization: credential.organizationId, limit: 100 })) {
    if (user.role !== 'patient' && user.role !== 'onlyself') continue;
    baked += (await sdk.calendars.bake.get({ patient: user.id, from: '2027-03-01', to: '2027-03-07' })).data.length;
  }
  return baked;
}

describe('a profile belongs to one home', () => {
  it(
    "login refuses another home's key, or another --organization, for a profile that has a home; the profile stays as it was",
    async () => {
      const env = await lindenhofProfile();
      const other = await runCli(['login', '--profile', 'lindenhof'], { ...env, MEDSCHED_API_KEY: sonnen.apiKey });
      expect(other.code, other.stderr).toBe(11);
      expect(other.stderr).toContain(`belongs to Sonnen-Apotheke (${sonnen.organizationId}), not to Haus Lindenhof (${lindenhof.organizationId}) of profile "lindenhof"`);
      expect(other.stderr).not.toMatch(/\n\s+at /);
      const moved = await runCli(['login', '--profile', 'lindenhof', '--organization', sonnen.organizationId], { ...env, MEDSCHED_API_KEY: lindenhof.apiKey });
      expect(moved.code, moved.stderr).toBe(11);
      const kept = await runCli(['config', 'get', 'organization', '--profile', 'lindenhof'], env);
      expect(kept.stdout.trim()).toBe(lindenhof.organizationId);
      // The profile still works with its own key, as before.
      expect((await runCli(['org', 'get', '--profile', 'lindenhof', '--json'], env)).code).toBe(0);
    },
    slow,
  );

  it(
    'a key of another home in the environment stops every command before anything is sent: no bake of either home',
    async () => {
      const env = await lindenhofProfile();
      const proxy = await startFaultProxy(cli.server.url, () => 'pass');
      try {
        const cron = { ...env, MEDSCHED_BASE_URL: proxy.url, MEDSCHED_API_KEY: sonnen.apiKey };
        const bake = await runCli(['bake', '--all-patients', ...week, '--yes', '--profile', 'lindenhof'], cron);
        expect(bake.code, bake.stderr).toBe(11);
        expect(bake.stderr).toMatch(/the API key from MEDSCHED_API_KEY belongs to Sonnen-Apotheke .+, not to Haus Lindenhof/);
        // The refusal is the whole story: no zone note about a read that was never the problem.
        expect(bake.stderr).not.toContain('could not be read');
        const list = await runCli(['calendar', 'list', '--profile', 'lindenhof', '--json'], cron);
        expect(list.code).toBe(11);
        expect(list.stdout).toBe('');
        expect(proxy.forwarded.filter((line) => !line.startsWith('GET '))).toEqual([]);
      } finally {
        await proxy.close();
      }
      expect(await bakedIn(sonnen)).toBe(0);
      expect(await bakedIn(lindenhof)).toBe(0);
    },
    slow,
  );

  it(
    'a write states the home it changes, checked with the credential',
    async () => {
      const env = await lindenhofProfile();
      const bake = await runCli(['bake', '--all-patients', ...week, '--yes', '--profile', 'lindenhof'], env);
      expect(bake.code, bake.stderr).toBe(0);
      expect(bake.stderr).toContain(`Home: Haus Lindenhof (${lindenhof.organizationId}), checked with this credential.`);
      expect(await bakedIn(lindenhof)).toBeGreaterThan(0);
      expect(await bakedIn(sonnen)).toBe(0);
    },
    slow,
  );

  it(
    'login names a new home with no entries yet (checked with the key), never "Organization unknown"',
    async () => {
      const admin = (path: string, json: unknown) =>
        fetch(`${cli.server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret }, body: JSON.stringify(json) }).then(async (answer) => {
          expect(answer.status, path).toBe(201);
          return answer.json() as Promise<Record<string, unknown>>;
        });
      const { organization } = (await admin('/dev/admin/organizations', { name: 'Haus Am Park', timezone: 'Europe/Berlin', admin: { name: 'Anna Admin', email: 'anna@ampark.example' } })) as {
        organization: { id: string };
      };
      const { apiKey } = (await admin('/dev/admin/keys', { email: 'anna@ampark.example' })) as { apiKey: string };
      const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: apiKey };
      const named = await runCli(['login', '--profile', 'ampark', '--organization', organization.id], env);
      expect(named.code, named.stderr).toBe(0);
      expect(named.stderr).toContain(`Organization Haus Am Park (${organization.id}), role staff`);
      const unnamed = await runCli(['login', '--profile', 'other'], env);
      expect(unnamed.code, unnamed.stderr).toBe(0);
      expect(unnamed.stderr).not.toContain('Organization unknown');
      expect(unnamed.stderr).toContain('pass --organization ID; it is checked with the key');
      // Another home's id is not this key's: refused, and the profile is not saved.
      const wrong = await runCli(['login', '--profile', 'third', '--organization', sonnen.organizationId], env);
      expect(wrong.code, wrong.stderr).toBe(11);
      expect((await runCli(['config', 'get', 'organization', '--profile', 'third'], env)).stdout.trim()).toBe('');
    },
    slow,
  );
});
