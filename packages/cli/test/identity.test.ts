import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
const admin = demoUser(0, 'admin');
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');
const otherOrganization = demoUser(1, 'admin').organizationId;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

/** A bearer token for a demo user, from the reference server's development sign-in. */
async function tokenFor(apiKey: string): Promise<string> {
  const response = await fetch(`${server.origin}/dev/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey, ttlSeconds: 600 }) });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

describe('who am I', () => {
  it('login with a key finds and stores the organization; whoami shows organization and role; user list and org get need no id', async () => {
    const configDir = tempConfigDir();
    const login = await runCli(['login'], { MEDSCHED_CONFIG_DIR: configDir, MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Organization Sonnen-Apotheke (${nurse.organizationId}), role staff (admin or user: an API key does not say which).`);

    const stored = { MEDSCHED_CONFIG_DIR: configDir };
    const me = JSON.parse((await runCli(['whoami', '--json'], stored)).stdout) as { roleNote: string };
    expect(me).toMatchObject({ organization: nurse.organizationId, role: 'staff', configuredOrganization: nurse.organizationId, organizationMatches: true });
    expect(me.roleNote).toContain('log in with a token to see it');

    const users = await runCli(['user', 'list', '--json', 'email'], stored);
    expect(users.code, users.stderr).toBe(0);
    expect(JSON.parse(users.stdout)).toContainEqual({ email: nurse.email });
    const org = await runCli(['org', 'get', '--json', 'id,name'], stored);
    expect(JSON.parse(org.stdout)).toEqual({ id: nurse.organizationId, name: 'Sonnen-Apotheke' });
  });

  it("without any configured organization, user list and bake --all-patients use the credential's", async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
    const users = await runCli(['user', 'list', '--role', 'patient', '--json', 'id'], env);
    expect(users.code, users.stderr).toBe(0);
    expect(JSON.parse(users.stdout)).toContainEqual({ id: clara.userId });
    const bake = await runCli(['bake', '--all-patients', '--from', '2026-03-02', '--json', 'patient,patientId', '--yes'], env);
    expect(bake.code, bake.stderr).toBe(0);
    // Rows name the patient (one walk of the users) beside the id.
    expect(JSON.parse(bake.stdout)).toContainEqual({ patient: 'Clara Claus', patientId: clara.userId });
  });

  it('a token names its account: whoami shows the exact role', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_TOKEN: await tokenFor(admin.apiKey) };
    const whoami = await runCli(['whoami', '--json', 'organization,role,identityFrom'], env);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(JSON.parse(whoami.stdout)).toEqual({ organization: admin.organizationId, role: 'admin', identityFrom: 'account' });
  });

  it('a patient key: role patient and its own user id', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: clara.apiKey };
    const whoami = await runCli(['whoami', '--json', 'organization,role,userId'], env);
    expect(JSON.parse(whoami.stdout)).toEqual({ organization: clara.organizationId, role: 'patient', userId: clara.userId });
  });

  it("says when the configured organization is not the credential's", async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey, MEDSCHED_ORGANIZATION: otherOrganization };
    const whoami = await runCli(['whoami', '--json'], env);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({
      organization: nurse.organizationId,
      configuredOrganization: otherOrganization,
      configuredOrganizationFrom: 'environment',
      organizationMatches: false,
    });
    expect(whoami.stderr).toContain(`the configured organization ${otherOrganization} (environment) is not the credential's (${nurse.organizationId})`);
  });
});

describe('patients and --patient by name or e-mail', () => {
  const env = () => ({ MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey });

  it('patients list shows names, e-mail, time zone and devices of patients and onlyself users only', async () => {
    const list = await runCli(['patients', 'list', '--output', 'csv'], env());
    expect(list.code, list.stderr).toBe(0);
    const [header, ...rows] = list.stdout.trim().split('\r\n');
    expect(header).toBe('id,name,email,role,timezone,devices,deviceIds');
    expect(rows).toHaveLength(4);
    expect(rows).toContain(`${clara.userId},Clara Claus,${clara.email},patient,Europe/Berlin,Dispenser of Clara Claus,64d004000000000000000001`);
    expect(rows.some((row) => row.includes(',onlyself,'))).toBe(true);
    expect(list.stdout).not.toContain(nurse.email);
  });

  it('one match is used and echoed on stderr (name part or e-mail)', async () => {
    for (const given of ['clara', clara.email, 'Clara Claus']) {
      const show = await runCli(['bake', 'show', '--patient', given, '--from', '2026-01-05'], env());
      expect(show.code, show.stderr).toBe(0);
      expect(show.stderr).toContain(`Patient ${given} = Clara Claus <${clara.email}> (${clara.userId})`);
    }
  });

  it('several matches are listed with their ids (exit 2); none is exit 5', async () => {
    const several = await runCli(['calendar', 'list', '--patient', 'sonnen.example'], env());
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('patients match "sonnen.example"');
    expect(several.stderr).toContain(`Clara Claus <${clara.email}> (${clara.userId})`);
    expect(several.stdout).toBe('');

    const none = await runCli(['bake', '--patient', 'Nobody Known', '--from', 'today'], env());
    expect(none.code).toBe(5);
    expect(none.stderr).toContain('no patient matches "Nobody Known"');
    expect(none.stderr).toContain('medsched patients list');
  });

  it('a patient credential cannot look others up; a configured organization of another tenant says so', async () => {
    const asPatient = await runCli(['bake', 'show', '--patient', 'Dieter', '--from', 'today'], { ...env(), MEDSCHED_API_KEY: clara.apiKey });
    expect(asPatient.code).toBe(4);
    // A patient's key reads only its own schedule: naming someone else is refused before any lookup.
    expect(asPatient.stderr).toContain(`this key belongs to patient ${clara.userId} and reads only that patient's schedule, not "Dieter"`);
    const wrongOrganization = await runCli(['bake', 'show', '--patient', 'Dieter', '--from', 'today'], { ...env(), MEDSCHED_ORGANIZATION: otherOrganization });
    expect(wrongOrganization.code).toBe(4);
    expect(wrongOrganization.stderr).toContain(`your credential belongs to organization ${nurse.organizationId}`);
    expect(wrongOrganization.stderr).toContain('another organization');
  });
});
