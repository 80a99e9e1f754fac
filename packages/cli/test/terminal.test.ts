import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endLeftoverTerminals, runInTerminal } from './support/pseudo-terminal.js';
import { tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
const admin = demoUser(0, 'admin');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  endLeftoverTerminals();
  await server.close();
  expectNoSecretsInTranscript();
});

describe('at a terminal', () => {
  it('interactive login asks for the base URL, the key (masked) and the profile, then saves it 0600', async () => {
    const configDir = tempConfigDir();
    const session = runInTerminal(['login'], { MEDSCHED_CONFIG_DIR: configDir });
    await session.answer(/API base URL/, `\u0015${server.url}\r`);
    await session.answer(/How do you authenticate/, '\r');
    await session.answer(/Paste your API key/, `${admin.apiKey}\r`);
    await session.answer(/Profile name/, '\u0015work\r');
    await session.answer(/Default organization id/, `${admin.organizationId}\r`);
    expect(await session.closed).toBe(0);
    expect(session.output()).toContain('profile "work" is now active');
    // The key is masked while typed and never echoed.
    expect(session.output()).toContain('*'.repeat(admin.apiKey.length));

    const file = join(configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toMatchObject({ currentProfile: 'work', profiles: { work: { baseUrl: server.url, apiKey: admin.apiKey, organization: admin.organizationId } } });
  });

  it('shows a coloured table, and no colour with NO_COLOR', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey };
    const coloured = runInTerminal(['user', 'list', '--organization', admin.organizationId], env);
    expect(await coloured.closed).toBe(0);
    expect(coloured.output()).toMatch(/\u001b\[1mID\s+NAME/);
    const plain = runInTerminal(['user', 'list', '--organization', admin.organizationId], { ...env, NO_COLOR: '1' });
    expect(await plain.closed).toBe(0);
    expect(plain.output()).toMatch(/^ID\s+NAME/m);
    expect(plain.output()).not.toContain('\u001b[');
  });

  it('unbake asks for confirmation, and "no" changes nothing', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey };
    const session = runInTerminal(['unbake', '--patient', demoUser(0, 'patient1').userId, '--from', '2026-01-05'], env);
    await session.answer(/Unbake patient .* from 2026-01-05 to 2026-01-05\?/, 'n\r');
    expect(await session.closed).toBe(0);
    expect(session.output()).toContain('Nothing changed.');
  });
});
