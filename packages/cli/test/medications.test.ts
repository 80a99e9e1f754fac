import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.js';
import { endLeftoverTerminals, runInTerminal } from './support/pseudo-terminal.js';
import { cliBin, cliEnv, runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let proxy: FaultProxy;
let env: Record<string, string>;
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');

beforeAll(async () => {
  server = await startTestServer();
  // Every request passes to the real server; the proxy only records which reached it.
  proxy = await startFaultProxy(server.url, () => 'pass');
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: proxy.url, MEDSCHED_API_KEY: nurse.apiKey };
});
afterAll(async () => {
  endLeftoverTerminals();
  await proxy.close();
  await server.close();
  expectNoSecretsInTranscript();
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': nurse.apiKey } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const creates = () => proxy.forwarded.filter((request) => request === 'POST /v1/medications/');

describe('medications by name, without a list endpoint', () => {
  it('medication list finds the medications the calendar entries name, each read once, and those created with the CLI', async () => {
    const list = await runCli(['medication', 'list', '--json', 'id,name,source'], env);
    expect(list.code, list.stderr).toBe(0);
    const known = JSON.parse(list.stdout) as { id: string; name: string; source: string }[];
    expect(known.map((record) => record.name)).toEqual(['Ibuprofen 400 mg', 'Metformin 500 mg', 'Ramipril 5 mg']);
    // The names are the server's.
    for (const record of known) expect((await api<{ name: string }>(`/medications/${record.id}`)).name).toBe(record.name);
    // Each id read once: a second list reads none again (cached per profile, 0600).
    const reads = proxy.forwarded.filter((request) => request.startsWith('GET /v1/medications/')).length;
    expect(reads).toBe(3);
    expect((await runCli(['medication', 'list'], env)).code).toBe(0);
    expect(proxy.forwarded.filter((request) => request.startsWith('GET /v1/medications/')).length).toBe(reads);
    expect(statSync(join(env.MEDSCHED_CONFIG_DIR as string, 'medications-default.json')).mode & 0o777).toBe(0o600);

    const created = await runCli(['medication', 'create', '--name', 'Aspirin 100 mg', '--json', 'id'], env);
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const filtered = JSON.parse((await runCli(['medication', 'list', '--name', 'aspirin', '--json'], env)).stdout) as unknown;
    expect(filtered).toEqual([{ id, name: 'Aspirin 100 mg', organization: nurse.organizationId, source: 'created' }]);
    expect((await runCli(['medication', 'list', '--help'], env)).stdout.replace(/\s+/g, ' ')).toContain('The API has no medication list: this lists the medications named by the organization');
  });

  it('shell completion offers the known medication names after --medication (from the cache, no request)', async () => {
    const bin = tempConfigDir();
    writeFileSync(join(bin, 'medsched'), `#!/bin/sh\nexec "${process.execPath}" "${cliBin}" "$@"\n`, { mode: 0o755 });
    const script = (await runCli(['completion', 'bash'], env)).stdout;
    const before = proxy.forwarded.length;
    const completed = execFileSync('bash', ['-c', `${script}\nCOMP_WORDS=(medsched calendar create --medication Ra); COMP_CWORD=4; _medsched; printf '%s\\n' "\${COMPREPLY[@]}"`], {
      encoding: 'utf8',
      env: { ...cliEnv(env), PATH: `${bin}:${process.env.PATH ?? ''}` },
    });
    expect(completed.trim()).toBe('Ramipril\\ 5\\ mg');
    expect(proxy.forwarded.length).toBe(before);
  });

  it('shell completion offers patient names and e-mails after --patient, from what the CLI listed or resolved (no request while completing)', async () => {
    const bin = tempConfigDir();
    writeFileSync(join(bin, 'medsched'), `#!/bin/sh\nexec "${process.execPath}" "${cliBin}" "$@"\n`, { mode: 0o755 });
    const own = { ...env, MEDSCHED_CONFIG_DIR: tempConfigDir() };
    const script = (await runCli(['completion', 'bash'], own)).stdout;
    const complete = (typed: string) => {
      const before = proxy.forwarded.length;
      const words = execFileSync('bash', ['-c', `${script}\nCOMP_WORDS=(medsched bake show --patient ${typed}); COMP_CWORD=4; _medsched; printf '%s\\n' "\${COMPREPLY[@]}"`], {
        encoding: 'utf8',
        env: { ...cliEnv(own), PATH: `${bin}:${process.env.PATH ?? ''}` },
      });
      expect(proxy.forwarded.length, 'completing sent a request').toBe(before);
      return words
        .trim()
        .split('\n')
        .filter((word) => word !== '');
    };
    // Nothing listed or resolved yet: nothing to offer (and no request to find out).
    expect(complete('Cl')).toEqual([]);

    // Resolving --patient lists the organization's patients (matched locally) and remembers them.
    expect((await runCli(['calendar', 'list', '--patient', 'clara', '--json', 'id'], own)).code).toBe(0);
    expect(complete('Cl')).toEqual(['Clara\\ Claus']);
    expect(complete('patient1')).toEqual(['patient1@sonnen.example']);
    expect(complete('Di')).toEqual(['Dieter\\ Dorn']);
    expect(statSync(join(own.MEDSCHED_CONFIG_DIR, 'patients-default.json')).mode & 0o777).toBe(0o600);

    // Listing patients remembers them all.
    expect((await runCli(['patients', 'list', '--no-devices', '--json', 'id'], own)).code).toBe(0);
    expect(complete('Di')).toEqual(['Dieter\\ Dorn']);
    expect(complete('patient')).toEqual(['patient1@sonnen.example', 'patient2@sonnen.example', 'patient3@sonnen.example']);
    // The entry point the scripts call: one name or e-mail a line.
    const direct = await runCli(['__complete', 'patients'], own);
    expect(direct.stdout.split('\n')).toEqual(expect.arrayContaining(['Clara Claus', 'Dieter Dorn', 'Erika Engel', 'patient1@sonnen.example']));
  });

  it('takes a name wherever a medication id goes: calendar create --medication, medication get', async () => {
    const entry = await runCli(['calendar', 'create', '--patient', clara.userId, '--name', 'Ramipril', '--date', '2026-03-04', '--time', '08:00', '--medication', 'ramipril', '--json', 'id'], env);
    expect(entry.code, entry.stderr).toBe(0);
    expect(entry.stderr).toContain('Medication ramipril = Ramipril 5 mg (64d003000000000000000003)');
    const { id } = JSON.parse(entry.stdout) as { id: string };
    expect((await api<{ medication: string }>(`/calendars/${id}`)).medication).toBe('64d003000000000000000003');

    const get = await runCli(['medication', 'get', 'Metformin 500 mg', '--json', 'id'], env);
    expect(JSON.parse(get.stdout)).toEqual({ id: '64d003000000000000000002' });
    const none = await runCli(['medication', 'get', 'Paracetamol'], env);
    expect(none.code).toBe(5);
    expect(none.stderr).toContain('medication list');
  });

  it('a name already known is not created again without a decision: exit 2 in a script, a question on a terminal', async () => {
    const before = creates().length;
    const script = await runCli(['medication', 'create', '--name', 'ibuprofen 400 mg'], env);
    expect(script.code).toBe(2);
    expect(script.stderr).toContain('A medication named "Ibuprofen 400 mg" is already known (64d003000000000000000001');
    expect(creates().length).toBe(before);

    const session = runInTerminal(['medication', 'create', '--name', 'Ibuprofen 400 mg'], env);
    await session.answer(/Create a second medication named "Ibuprofen 400 mg" anyway\?/, 'n\r');
    expect(await session.closed).toBe(8);
    expect(session.output()).toContain('this creates a second record');
    expect(creates().length).toBe(before);
  });
});
