import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type Fault } from './support/fault-proxy.js';
import { runInTerminal } from './support/pseudo-terminal.js';
import { interruptCli, runCli, tempConfigDir } from './support/run-cli.js';
import { useCliServer } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const cli = useCliServer();
const nurse = demoUser(0, 'user');
const erika = demoUser(0, 'patient3');
const clara = demoUser(0, 'patient1');
const week = ['--from', '2026-01-05', '--to', '2026-01-07'];

function envFor(baseUrl: string): Record<string, string> {
  return { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: baseUrl, MEDSCHED_API_KEY: nurse.apiKey };
}

/** The server's own answer, read past the CLI: the state after a command, not its output. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${cli.server.url}${path}`, { headers: { 'x-api-key': nurse.apiKey } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface Entry {
  id: string;
  title: string;
  amount: number | null;
  rrule: string | null;
  baked: boolean;
  date: string;
  seriesId: string | null;
}

async function entriesOf(patient: string): Promise<Entry[]> {
  return api<Entry[]>(`/calendars/?patient=${patient}&limit=100`);
}

async function seriesOf(patient: string): Promise<Entry> {
  return (await entriesOf(patient)).find((entry) => typeof entry.rrule === 'string') as Entry;
}

/** Baked amounts of a series' days in the week, as the server holds them. */
async function bakedSeriesAmounts(patient: string, series: string): Promise<number[]> {
  const result = await api<{ data: Entry[] }>(`/calendars/bake?patient=${patient}&from=2026-01-05&to=2026-01-07`);
  return result.data.filter((entry) => entry.seriesId === series).map((entry) => entry.amount as number);
}

const writes = (requests: string[]) => requests.filter((request) => !request.startsWith('GET '));

describe('a dose change is decided before it is written', () => {
  it('on a terminal, "no" to calendar update --rebake writes nothing: the series and the baked days keep the old dose', async () => {
    const env = envFor(cli.server.url);
    expect((await runCli(['bake', '--patient', erika.userId, ...week, '--yes'], env)).code).toBe(0);
    const series = await seriesOf(erika.userId);
    expect(await bakedSeriesAmounts(erika.userId, series.id)).toEqual([1, 1, 1]);

    const session = runInTerminal(['calendar', 'update', series.id, '--amount', '2', '--rebake'], env);
    await session.answer(/Change the series of Erika Engel and bake Mon 5 Jan – Wed 7 Jan 2026 again\?/, 'n\r');
    expect(await session.closed).toBe(8);
    const screen = session.output();
    // The person is named, the change is old → new, and what happens to the baked days is said before the question.
    expect(screen).toContain('Change the series "Daily dose" (FREQ=DAILY from 2026-01-05) of Erika Engel');
    expect(screen).toContain('amount: 1 → 2');
    expect(screen).toContain('The 3 baked days Mon 5 Jan – Wed 7 Jan 2026 will be unbaked and baked again with amount 2 (now amount 1 (capsule))');
    expect(screen).toContain('Nothing changed: you answered no (no request was sent).');

    expect((await api<Entry>(`/calendars/${series.id}`)).amount).toBe(1);
    expect(await bakedSeriesAmounts(erika.userId, series.id)).toEqual([1, 1, 1]);
  });

  it('without --rebake the question says the baked days keep the old dose; "no" writes nothing, "yes" writes only the series', async () => {
    const env = envFor(cli.server.url);
    const series = await seriesOf(erika.userId);
    const declined = runInTerminal(['calendar', 'update', series.id, '--amount', '2'], env);
    await declined.answer(/Change the series of Erika Engel\?/, 'n\r');
    expect(await declined.closed).toBe(8);
    expect(declined.output()).toContain('The 3 baked days Mon 5 Jan – Wed 7 Jan 2026 keep amount 1 (capsule) unless rebaked');
    expect((await api<Entry>(`/calendars/${series.id}`)).amount).toBe(1);

    const accepted = runInTerminal(['calendar', 'update', series.id, '--amount', '2', '--json'], env);
    await accepted.answer(/Change the series of Erika Engel\?/, 'y\r');
    expect(await accepted.closed).toBe(0);
    expect((await api<Entry>(`/calendars/${series.id}`)).amount).toBe(2);
    expect(await bakedSeriesAmounts(erika.userId, series.id)).toEqual([1, 1, 1]);

    // Back to 1 for the tests that follow, and the series with the baked days agree again.
    expect((await runCli(['calendar', 'update', series.id, '--amount', '1', '--yes'], env)).code).toBe(0);
  });
});

describe('--dry-run and checks before the first request', () => {
  it('--dry-run prints the requests of every kind of write and sends none of them', async () => {
    const forwarded: string[] = [];
    const proxy = await startFaultProxy(cli.server.url, () => 'pass');
    try {
      const env = envFor(proxy.url);
      const series = await seriesOf(erika.userId);
      const before = await entriesOf(erika.userId);
      const runs = [
        ['calendar', 'create', '--patient', erika.userId, '--name', 'Vitamin D3', '--date', '2026-01-06', '--time', '09:00', '--dry-run'],
        ['calendar', 'update', series.id, '--amount', '2', '--rebake', '--dry-run'],
        ['medication', 'create', '--name', 'Ibuprofen 400 mg', '--dry-run'],
        ['bake', '--patient', erika.userId, ...week, '--dry-run'],
        ['unbake', '--patient', erika.userId, ...week, '--dry-run'],
        ['device', 'update', '64d004000000000000000001', '--alarm-enable', '0', '--dry-run'],
      ];
      for (const args of runs) {
        const result = await runCli([...args, '--json'], env);
        expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
        const requests = JSON.parse(result.stdout) as { method: string; path: string }[];
        expect(requests.length).toBeGreaterThan(0);
        expect(result.stderr).toContain('nothing changed');
      }
      // The rebake's three requests, in the order they would be sent.
      const rebake = JSON.parse((await runCli(runs[1] as string[], env)).stdout) as { method: string; path: string }[];
      expect(rebake.map((request) => request.method)).toEqual(['PATCH', 'DELETE', 'POST']);
      expect(rebake[1]?.path).toContain('/calendars/bake?patient=');
      forwarded.push(...proxy.forwarded);
      expect(writes(forwarded)).toEqual([]);
      expect(await entriesOf(erika.userId)).toEqual(before);
    } finally {
      await proxy.close();
    }
  });

  it('an unknown --fields name is exit 2 before anything is written (bake, unbake, create, update)', async () => {
    const proxy = await startFaultProxy(cli.server.url, () => 'pass');
    try {
      const env = envFor(proxy.url);
      const series = await seriesOf(clara.userId);
      for (const args of [
        ['bake', '--patient', clara.userId, ...week, '--fields', 'bogus'],
        ['unbake', '--patient', erika.userId, ...week, '--yes', '--fields', 'bogus'],
        ['calendar', 'create', '--patient', clara.userId, '--name', 'X', '--date', '2026-01-06', '--time', '09:00', '--json', 'id,bogus'],
        ['calendar', 'update', series.id, '--amount', '3', '--fields', 'bogus'],
        ['medication', 'create', '--name', 'Aspirin 100 mg', '--fields', 'bogus'],
        ['device', 'update', '64d004000000000000000001', '--alarm-enable', '0', '--fields', 'bogus'],
      ]) {
        const result = await runCli(args, env);
        expect(result.code, args.join(' ')).toBe(2);
        // With --json the error is a JSON line on stderr (its quotes escaped).
        expect(result.stderr.replace(/\\"/g, '"')).toContain('unknown field "bogus"');
      }
      expect(writes(proxy.forwarded)).toEqual([]);
      expect(await bakedSeriesAmounts(clara.userId, series.id)).toEqual([]);
      expect((await api<Entry>(`/calendars/${series.id}`)).amount).toBe(series.amount);
    } finally {
      await proxy.close();
    }
  });

  it('a misspelled key in --data or a sort field outside the closed set is exit 2 naming it, and nothing is sent', async () => {
    const proxy = await startFaultProxy(cli.server.url, () => 'pass');
    try {
      const env = envFor(proxy.url);
      const series = await seriesOf(clara.userId);
      const before = await entriesOf(clara.userId);
      for (const [args, named] of [
        [['calendar', 'update', series.id, '--data', '{"amout":3}', '--yes'], 'did you mean "amount"'],
        [['calendar', 'replace', series.id, '--data', '{"name":"X","intaketime":"21:30"}', '--yes'], 'did you mean "intakeTime"'],
        [['calendar', 'create', '--patient', clara.userId, '--date', '2026-01-06', '--data', '{"name":"X","intaketime":"21:30"}', '--yes'], 'did you mean "intakeTime"'],
        [['calendar', 'list', '--sort', 'titel:desc'], 'unknown sort field "titel"'],
      ] as const) {
        const result = await runCli([...args], env);
        expect(result.code, args.join(' ')).toBe(2);
        expect(result.stderr).toContain(named);
      }
      expect(writes(proxy.forwarded)).toEqual([]);
      expect(await entriesOf(clara.userId)).toEqual(before);
    } finally {
      await proxy.close();
    }
  });

  it('bake and bake show print intake fields in a table (exit 0)', async () => {
    const env = envFor(cli.server.url);
    const bake = await runCli(['bake', '--patient', erika.userId, ...week, '--yes', '--output', 'table', '--fields', 'date,medication,amount'], env);
    expect(bake.code, bake.stderr).toBe(0);
    expect(bake.stdout).toMatch(/^DATE\s+MEDICATION\s+AMOUNT/);
    const show = await runCli(['bake', 'show', '--patient', erika.userId, ...week, '--output', 'table', '--fields', 'date,medication,amount'], env);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('Ramipril 5 mg');
  });
});

describe('a stop after part of the writes says what was written (exit 9)', () => {
  async function withProxy(decide: (method: string, path: string) => Fault, run: (env: Record<string, string>) => Promise<void>): Promise<void> {
    const proxy = await startFaultProxy(cli.server.url, decide);
    try {
      await run(envFor(proxy.url));
    } finally {
      await proxy.close();
    }
  }

  it('series written, unbake done, bake refused: lists each step, says the days are unbaked and how to bake them', async () => {
    const series = await seriesOf(erika.userId);
    expect(await bakedSeriesAmounts(erika.userId, series.id)).toEqual([1, 1, 1]);
    await withProxy(
      (method, path) => (method === 'POST' && path === '/calendars/bake' ? { status: 500 } : 'pass'),
      async (env) => {
        const result = await runCli(['calendar', 'update', series.id, '--amount', '2', '--rebake', '--yes'], env);
        expect(result.code, result.stderr).toBe(9);
        expect(result.stderr).toMatch(/written: {5}update series "Daily dose".* of Erika Engel/);
        expect(result.stderr).toMatch(/written: {5}unbake Erika Engel .* 2026-01-05 to 2026-01-07/);
        expect(result.stderr).toMatch(/not written: bake Erika Engel .* 2026-01-05 to 2026-01-07 with the new values/);
        // Each retry of the refused bake was announced.
        expect(result.stderr).toMatch(/Retrying POST \/calendars\/bake in \d+ ms: the server answered 500\./);
        expect(result.stderr).toContain(`are unbaked now (drafts: no device dispenses them): run \`medsched bake --patient ${erika.userId} --from 2026-01-05 --to 2026-01-07\``);
      },
    );
    // The server holds what the report says: the new dose, and no baked day of the series.
    expect((await api<Entry>(`/calendars/${series.id}`)).amount).toBe(2);
    expect(await bakedSeriesAmounts(erika.userId, series.id)).toEqual([]);
  });

  it('Ctrl-C while an organization-wide bake is on the wire: exit 9, the bake is named as of unknown outcome', async () => {
    await withProxy(
      (method, path) => (method === 'POST' && path === '/calendars/bake' ? 'hang' : 'pass'),
      async (env) => {
        const { code, stderr } = await interruptCli(['bake', '--all-patients', '--from', '2026-02-02', '--to', '2026-02-03', '--yes'], env, (output) => output.stderr.includes('Baking every patient'));
        expect(code, stderr).toBe(9);
        expect(stderr).toContain('Interrupted.');
        // The organization is named even when none was configured (the credential's own).
        expect(stderr).toContain(`Bake every patient of `);
        expect(stderr).toContain(`(${nurse.organizationId}), Mon 2 Feb – Tue 3 Feb 2026`);
        expect(stderr).toMatch(/unknown: {5}bake every patient of .* 2026-02-02 to 2026-02-03 \(sent; stopped before the server answered/);
        expect(stderr).toContain('bake the same range again (baking twice changes nothing)');
      },
    );
    // The proxy held the request: nothing was baked.
    expect((await api<{ data: Entry[] }>(`/calendars/bake?patient=${clara.userId}&from=2026-02-02&to=2026-02-03`)).data).toEqual([]);
  });
});

describe('never silent: --timeout', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers: a stuck server, not a stopped one.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a server that accepts and never answers: a progress line on stderr, then exit 7 at the total --timeout with the right hint', async () => {
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
    // The deadline counts from the start of the command, so a loaded machine spends part of it
    // starting Node: 6 s leaves the request well over the 1 s after which progress is printed.
    const result = await runCli(['org', 'get', nurse.organizationId, '--timeout', '6'], { ...envFor(url) });
    expect(result.code).toBe(7);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Waiting for the server: GET \/organizations\/[0-9a-f]{24}, 1 s so far \(timeout 6 s\)/);
    expect(result.stderr).toContain('timed out after 6 s (--timeout)');
    expect(result.stderr).toContain('the server accepted the connection but has not answered');
    expect(result.stderr).not.toContain('is the server running');

    const fromEnv = await runCli(['org', 'get', nurse.organizationId], { ...envFor(url), MEDSCHED_TIMEOUT: '1.5' });
    expect(fromEnv.code).toBe(7);
    expect(fromEnv.stderr).toContain('timed out after 1.5 s (MEDSCHED_TIMEOUT)');
  });

  it('a bad --timeout is exit 2 before any request', async () => {
    const result = await runCli(['org', 'get', nurse.organizationId, '--timeout', 'soon'], envFor(cli.server.url));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--timeout must be a number of seconds');
  });
});
