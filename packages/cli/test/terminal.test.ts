import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { tempConfigDir } from './support/run-cli.js';
import { useCliServer } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const cli = useCliServer();
const admin = demoUser(0, 'admin');

describe('at a terminal', () => {
  it('interactive login asks for the base URL, the key (masked) and the profile, then saves it 0600', async () => {
    const configDir = tempConfigDir();
    const session = runInTerminal(['login'], { MEDSCHED_CONFIG_DIR: configDir });
    await session.answer(/API base URL/, `\u0015${cli.server.url}\r`);
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
    const stored = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expect(stored).toMatchObject({ currentProfile: 'work', profiles: { work: { baseUrl: cli.server.url, apiKey: admin.apiKey, organization: admin.organizationId } } });
  });

  it('shows a coloured table, and no colour with NO_COLOR', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: admin.apiKey };
    const coloured = runInTerminal(['user', 'list', '--organization', admin.organizationId], env);
    expect(await coloured.closed).toBe(0);
    expect(coloured.output()).toMatch(/\u001b\[1mID\s+NAME/);
    const plain = runInTerminal(['user', 'list', '--organization', admin.organizationId], { ...env, NO_COLOR: '1' });
    expect(await plain.closed).toBe(0);
    expect(plain.output()).toMatch(/^ID\s+NAME/m);
    expect(plain.output()).not.toContain('\u001b[');
  });

  it('asks on the terminal, never on stdout: unbake > file gets no prompt; "no" exits 8 and changes nothing', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: admin.apiKey };
    const patient = demoUser(0, 'patient1');
    const bake = runInTerminal(['bake', '--patient', patient.userId, '--from', '2026-01-05', '--json', '--yes'], env, { stdoutFile: join(tempConfigDir(), 'bake.json') });
    expect(await bake.closed).toBe(0);

    const outFile = join(tempConfigDir(), 'out.json');
    const session = runInTerminal(['unbake', '--patient', patient.userId, '--from', '2026-01-05'], env, { stdoutFile: outFile });
    await session.answer(/Unbake Clara Claus from 2026-01-05 to 2026-01-05\?/, 'n\r');
    expect(await session.closed).toBe(8);
    expect(session.output()).toContain('Nothing changed: you answered no (no request was sent).');
    // Named, with the days and what follows, before the question.
    expect(session.output()).toContain('Unbake Clara Claus (64d002000000000000000003), Mon 5 Jan 2026 (2026-01-05 to 2026-01-05)');
    expect(session.output()).toContain('No device rings or dispenses these days until they are baked again.');
    expect(readFileSync(outFile, 'utf8')).toBe('');

    // The day is still baked: nothing was unbaked.
    const show = runInTerminal(['bake', 'show', '--patient', patient.userId, '--from', '2026-01-05', '--json', 'date'], env, { stdoutFile: outFile });
    expect(await show.closed).toBe(0);
    expect(JSON.parse(readFileSync(outFile, 'utf8'))).toContainEqual({ date: '2026-01-05' });
  });

  it('"yes" with stdout in a file: the file holds only the JSON result, no question and no escape codes', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: admin.apiKey };
    const outFile = join(tempConfigDir(), 'out.json');
    const session = runInTerminal(['unbake', '--patient', demoUser(0, 'patient1').userId, '--from', '2026-01-05', '--json'], env, { stdoutFile: outFile });
    await session.answer(/Unbake Clara Claus from/, 'y\r');
    expect(await session.closed).toBe(0);
    const written = readFileSync(outFile, 'utf8');
    expect(written).not.toContain('Unbake');
    expect(written).not.toContain('\u001b');
    expect(Array.isArray(JSON.parse(written))).toBe(true);
  });

  it('Ctrl-C at a prompt exits 130 with one line saying nothing was sent, and medication delete asks on the terminal too', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: admin.apiKey };
    const outFile = join(tempConfigDir(), 'out.json');
    const session = runInTerminal(['medication', 'delete', '64d003000000000000000001'], env, { stdoutFile: outFile });
    await session.answer(/Delete medication ".*" \(64d003000000000000000001\)\?/, '\u0003');
    expect(await session.closed).toBe(130);
    expect(session.output()).not.toMatch(/error|Error|at .*\.js/);
    expect(session.output()).toContain('Stopped at the question (Ctrl-C): nothing was sent for it.');
    expect(readFileSync(outFile, 'utf8')).toBe('');
  });

  it('with stdout and stderr both in files, the question still reaches the person through /dev/tty', async () => {
    const env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: admin.apiKey };
    const outFile = join(tempConfigDir(), 'out.json');
    const errFile = join(tempConfigDir(), 'err.log');
    const session = runInTerminal(['unbake', '--patient', 'Clara Claus', '--from', '2026-01-05', '--json'], env, { stdoutFile: outFile, stderrFile: errFile });
    await session.answer(/Unbake Clara Claus from 2026-01-05/, 'y\r');
    expect(await session.closed).toBe(0);
    expect(readFileSync(outFile, 'utf8')).not.toContain('Unbake');
    expect(readFileSync(errFile, 'utf8')).toContain('Patient Clara Claus = Clara Claus');
    expect(readFileSync(errFile, 'utf8')).not.toContain('Unbake Clara');
  });
});
