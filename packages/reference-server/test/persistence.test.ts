import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createClient, NotFoundError, type MedschedClient } from '@medsched/sdk';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DataFileError } from '../src/node/persistence/errors.js';
import { openDataFile } from '../src/node/persistence/open-data-file.js';
import { org1 } from './support/demo.js';

// Each test starts, kills and restarts server processes: 20-53 s a test measured at a load average of 20 on two cores.
vi.setConfig({ testTimeout: 180_000 });

type Child = ChildProcessByStdio<null, Readable, Readable>;

const bin = fileURLToPath(new URL('../dist/node/bin.js', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'medsched-persistence-'));
const children = new Set<Child>();
let fileCount = 0;
const newDataFile = () => join(directory, `sandbox-${++fileCount}.data`);

interface Started {
  child: Child;
  url: string;
  stdout: () => string;
  stderr: () => string;
  client: MedschedClient;
}

function spawnBin(file: string | undefined, env: NodeJS.ProcessEnv = {}) {
  // The demo keys identify the demo users in these tests; a data file has them off by default.
  const args = [bin, '--port', '0', '--seed', 'demo', '--admin-secret', 'persistence-test', '--demo-keys', 'on', ...(file ? ['--data', file] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the built bin on a free port and resolves once it prints where it listens. */
async function start(file: string | undefined, env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const { child, exited, stdout, stderr } = spawnBin(file, env);
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/.exec(stdout());
      if (match && /data file:|\n\s*admin secret/.test(stdout())) resolve(match[1]!);
    };
    child.stdout.on('data', look);
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stdout()}${stderr()}`)));
  });
  const client = createClient({ baseUrl: url, apiKey: org1.admin.apiKey, maxRetries: 0 });
  return { child, url, stdout, stderr, client };
}

/** Starts the bin expecting it to refuse: resolves to its exit code and stderr. */
async function startRefused(file: string): Promise<{ code: number | null; stderr: string }> {
  const { exited, stderr } = spawnBin(file);
  const code = await exited;
  return { code, stderr: stderr() };
}

async function stop(server: Started, signal: NodeJS.Signals): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });
  server.child.kill(signal);
  return exited;
}

/** Every line of a data file must be `<16 hex of SHA-256> <json>\n`. */
function checkedLines(file: string): unknown[] {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const [checksum, json] = [line.slice(0, 16), line.slice(17)];
      expect(createHash('sha256').update(json).digest('hex').slice(0, 16)).toBe(checksum);
      return JSON.parse(json);
    });
}

const line = (value: unknown) => {
  const json = JSON.stringify(value);
  return `${createHash('sha256').update(json).digest('hex').slice(0, 16)} ${json}\n`;
};

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

// The root `pnpm test` builds first; a bare `vitest run` before any build skips these.
describe.skipIf(!existsSync(bin))('medsched-server --data', () => {
  it('keeps every acknowledged write when killed (SIGKILL) in the middle of concurrent writes', async () => {
    const file = newDataFile();
    const first = await start(file);
    expect(first.stdout()).toContain(`data file:    ${file} (new, seeded`);

    const acknowledged: Array<{ kind: 'medication' | 'entry'; id: string; name: string }> = [];
    const attempted = new Set<string>();
    let killed = false;
    const killAfter = 150;
    const worker = async (workerId: number) => {
      for (let i = 0; !killed; i++) {
        const name = `persist-${workerId}-${i}`;
        attempted.add(name);
        try {
          if (i % 3 === 2) {
            const entry = await first.client.calendars.create({ patient: org1.patient.userId, name, date: '2026-03-29', intakeTime: '09:15' });
            acknowledged.push({ kind: 'entry', id: entry.id, name });
          } else {
            const medication = await first.client.medications.create({ name });
            acknowledged.push({ kind: 'medication', id: medication.id, name });
          }
        } catch {
          return; // the server is gone: this write was never acknowledged
        }
        if (acknowledged.length >= killAfter && !killed) {
          killed = true;
          first.child.kill('SIGKILL'); // other workers' writes are in flight now
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, workerId) => worker(workerId)));
    await stop(first, 'SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);

    const second = await start(file);
    try {
      expect(second.stdout()).toMatch(/data file: .*\(loaded, \d+ journal lines replayed/);
      const found = await Promise.all(
        acknowledged.map(({ kind, id }) => (kind === 'entry' ? second.client.calendars.get(id) : second.client.medications.get(id))),
      );
      expect(found.map((record) => record.name)).toEqual(acknowledged.map(({ name }) => name));
      const entry = found.find((_, index) => acknowledged[index]!.kind === 'entry');
      expect(entry).toMatchObject({ date: '2026-03-29', startTime: '09:15', patient: org1.patient.userId });

      // Unacknowledged writes may or may not be there, but only whole: every stored record of
      // the run is one the test attempted, and the (compacted) file is sound line by line.
      const [header, ...records] = checkedLines(file) as Array<{ table: string; op: string; record?: { id: string; name?: string } }>;
      expect(header).toMatchObject({ format: 'medsched-reference-server-data', version: 4 });
      expect(records.length).toBeGreaterThanOrEqual((header as unknown as { records: number }).records);
      const written = records.filter(({ record }) => record?.name?.startsWith('persist-')); // answer lines (kept Idempotency-Key answers) hold no record
      expect(written.length).toBeGreaterThanOrEqual(acknowledged.length);
      for (const { record } of written) expect(attempted.has(record!.name!)).toBe(true);
      expect(new Set(written.map(({ record }) => record!.id)).size).toBe(written.length);
    } finally {
      await stop(second, 'SIGTERM');
    }
  });

  it('keeps creates, updates and deletes across a clean stop (SIGTERM) and a kill', async () => {
    const file = newDataFile();
    const first = await start(file);
    const kept = await first.client.medications.create({ name: 'Kept', meta: { strength: '5 mg' } });
    const removed = await first.client.medications.create({ name: 'Removed' });
    await first.client.medications.update(kept.id, { name: 'Kept (renamed)' });
    await first.client.medications.delete(removed.id);
    const entry = await first.client.calendars.create({ patient: org1.patient.userId, name: 'Evening dose', date: '2026-04-01', timeCategory: 'evening' });
    await first.client.calendars.update(entry.id, { instruction: 'with water' });
    expect(await stop(first, 'SIGTERM')).toBe(0);

    const check = async (server: Started) => {
      expect(await server.client.medications.get(kept.id)).toMatchObject({ name: 'Kept (renamed)' });
      await expect(server.client.medications.get(removed.id)).rejects.toBeInstanceOf(NotFoundError);
      expect(await server.client.calendars.get(entry.id)).toMatchObject({ name: 'Evening dose', description: 'with water', startTime: '18:00' });
      // Seeded data that was never changed is there too.
      expect(await server.client.medications.get(org1.medication)).toMatchObject({ id: org1.medication });
    };
    const second = await start(file);
    await check(second);
    await second.client.medications.update(kept.id, { name: 'Kept (twice)' });
    await stop(second, 'SIGKILL');

    const third = await start(file);
    try {
      expect(await third.client.medications.get(kept.id)).toMatchObject({ name: 'Kept (twice)' });
      await expect(third.client.medications.get(removed.id)).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      await stop(third, 'SIGTERM');
    }
  });

  it('keeps an organization-wide bake (many records, one sync) when killed right after the answer', async () => {
    const file = newDataFile();
    const first = await start(file);
    const range = { from: '2026-05-04', to: '2026-05-10' };
    const baked = await first.client.calendars.bake.create({ updateAllPatients: true, ...range });
    expect(baked.data.length).toBeGreaterThanOrEqual(28);
    await stop(first, 'SIGKILL');

    const second = await start(file);
    try {
      const patients = [...new Set(baked.data.map((entry) => entry.userId))];
      const after = (await Promise.all(patients.map((patient) => second.client.calendars.bake.get({ patient, ...range })))).flatMap((result) => result.data);
      expect(after.map((entry) => entry.id).sort()).toEqual(baked.data.map((entry) => entry.id).sort());
    } finally {
      await stop(second, 'SIGTERM');
    }
  });

  it('reports and drops a torn last line (an append cut by a crash); MEDSCHED_DATA names the file', async () => {
    const file = newDataFile();
    const first = await start(undefined, { MEDSCHED_DATA: file });
    const medication = await first.client.medications.create({ name: 'Before the tear' });
    await stop(first, 'SIGKILL');
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    appendFileSync(file, line({ table: 'medications', op: 'create', record: { id: 'x' } }).slice(0, 40));

    const second = await start(file);
    try {
      expect(second.stderr()).toContain(`${file}:${lines + 1}: dropped an incomplete last line (40 bytes`);
      expect(await second.client.medications.get(medication.id)).toMatchObject({ name: 'Before the tear' });
      checkedLines(file); // compacted: the torn bytes are gone, every line is sound
    } finally {
      await stop(second, 'SIGTERM');
    }
  });

  it('refuses to start on a damaged file, names the file and line, and leaves the file untouched', async () => {
    const file = newDataFile();
    const first = await start(file);
    for (const name of ['one', 'two', 'three']) await first.client.medications.create({ name });
    await stop(first, 'SIGKILL');
    const sound = readFileSync(file);
    const text = sound.toString('utf8');
    const lines = text.split('\n');
    const damagedLine = lines.findIndex((candidate) => candidate.includes('"name":"two"')) + 1;
    expect(damagedLine).toBeGreaterThan(100); // a journal line in the middle (more follow it)
    expect(damagedLine).toBeLessThan(lines.length - 1);

    const variants: Array<[string, string, (path: string) => string]> = [
      ['a changed byte in the middle', text.replace('"name":"two"', '"name":"twO"'), (path) => `${path}:${damagedLine}: journal line damaged: checksum mismatch`],
      ['a complete last line with a bad checksum', `${text}${'0'.repeat(16)} {"table":"medications","op":"delete","id":"x"}\n`, (path) => `${path}:${lines.length}: journal line damaged: checksum`],
      ['another format version', line({ format: 'medsched-reference-server-data', version: 5, writtenAt: '2026-01-01T00:00:00.000Z', records: 0 }), (path) => `${path}:1: format version 5, but this server reads versions 1, 2, 3 and 4 only`],
    ];
    const damaged = variants.map(([what, content, message], index) => {
      const copy = `${file}.variant-${index}`;
      writeFileSync(copy, content);
      return { what, copy, message: message(copy), before: readFileSync(copy) };
    });
    await Promise.all(
      damaged.map(async ({ what, copy, message, before }) => {
        const refused = await startRefused(copy);
        expect(refused.code, what).toBe(1);
        expect(refused.stderr, what).toContain(message);
        expect(refused.stderr, what).toContain('left untouched');
        expect(readFileSync(copy).equals(before), what).toBe(true);
      }),
    );
    expect(readdirSync(directory).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    expect(readFileSync(file).equals(sound)).toBe(true); // the sound file starts again
    const again = await start(file);
    await stop(again, 'SIGTERM');
  });
});

describe('openDataFile (in-process) on damaged files', () => {
  it('refuses each kind of damage with the file and line, and changes nothing', async () => {
    const file = newDataFile();
    const sound = await openDataFile({ path: file, seed: 'demo', warn: () => {} });
    await sound.db.medications.create({ id: '64d0030000000000000000aa', name: 'Journaled', organization: org1.id, meta: {}, date: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    sound.close();
    // Without the end line of the clean stop (as a kill leaves it), so that lines can be appended.
    const text = readFileSync(file, 'utf8').replace(/[^\n]*"op":"end"[^\n]*\n$/, '');
    const lines = text.split('\n'); // the last element is '' (the file ends with a newline)
    const records = lines.length - 3; // header, journal line, ''
    const next = (value: Record<string, unknown>) => line({ seq: lines.length - 1, ...value }); // the line after the last

    const variants: Array<[string, string, string]> = [
      ['a changed snapshot line', text.replace('Sonnen-Apotheke', 'Sonnen-Apothekx'), ':2: snapshot line damaged: checksum mismatch'],
      ['a snapshot cut short', lines.slice(0, 50).join('\n') + '\n', `:51: the snapshot is cut short: the header announces ${records} records`],
      ['a header cut short', text.slice(0, 40), ':1: the header line is incomplete'],
      ['not a data file', '{"hello":"world"}\n', ':1: unreadable header: not a "<checksum> <json>" line'],
      ['another format', line({ format: 'something-else', version: 1 }), ':1: not a medsched data file'],
      ['an unknown table', `${text}${next({ table: 'patients', op: 'delete', id: 'x' })}`, `:${lines.length}: journal line not understood: unknown table "patients"`],
      ['an unknown operation', `${text}${next({ table: 'medications', op: 'upsert', id: 'x' })}`, `:${lines.length}: journal line not understood: unknown operation "upsert"`],
      ['a record its model rejects', `${text}${next({ table: 'medications', op: 'create', record: { id: 'x', name: 7 } })}`, `:${lines.length}: a medications record the server cannot take`],
      ['a line without a sequence number', `${text}${line({ table: 'medications', op: 'delete', id: 'x' })}`, `:${lines.length}: journal line not understood: a line without a sequence number`],
      ['an empty file', '', ': the file is empty'],
    ];
    for (const [what, content, message] of variants) {
      writeFileSync(file, content);
      const error = await openDataFile({ path: file, seed: 'demo' }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, what).toBeInstanceOf(DataFileError);
      expect((error as Error).message, what).toContain(`${file}${message}`);
      expect(readFileSync(file, 'utf8'), what).toBe(content);
    }

    writeFileSync(file, text);
    const reopened = await openDataFile({ path: file, seed: 'empty', warn: () => {} });
    expect(reopened.origin).toBe('loaded');
    expect(reopened.journalLines).toBe(1);
    expect(reopened.db.medications.get('64d0030000000000000000aa')).toMatchObject({ name: 'Journaled' });
    expect(reopened.db.medications.group('organization', org1.id).map((medication) => medication.name)).toContain('Journaled');
    reopened.close();
  });
});

describe.skipIf(!existsSync(bin))('medsched-server --data under hostile bodies', () => {
  it('nothing a hostile body does can make the data file unstartable (SIGKILL, restart)', async () => {
    const file = newDataFile();
    const first = await start(file);
    const send = async (method: string, path: string, body: string) => {
      const response = await fetch(`${first.url}${path}`, { method, headers: { 'x-api-key': org1.admin.apiKey, 'content-type': 'application/json' }, body });
      expect(response.status, `${method} ${path} ${body.slice(0, 80)}`).toBeLessThan(500);
      return { status: response.status, body: (await response.json()) as { id?: string } };
    };
    const nest = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const hostile = [
      `{"name":"deep","meta":${nest(2_200)}}`,
      `{"name":"deepest allowed","meta":${nest(63)}}`,
      `{"name":"long","meta":{"s":"${'x'.repeat(10_000)}"}}`,
      `{"name":"lone surrogate \\ud800 and nul \\u0000","meta":{"\\ud800":"\\udfff"}}`,
      `{"name":"keys","meta":{${Array.from({ length: 1_000 }, (_, index) => `"k${index}":${index}`).join(',')}}}`,
      'null',
      '[]',
      `{"name":"__proto__","meta":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}}`,
    ];
    const stored: string[] = [];
    for (const body of hostile) {
      const answer = await send('POST', '/medications/', body);
      if (answer.status === 201 && answer.body.id) stored.push(answer.body.id);
    }
    const entry = await send('POST', '/calendars/', JSON.stringify({ patient: org1.patient.userId, name: 'Series', date: '2026-04-01', intakeTime: '08:00', rrule: 'FREQ=DAILY' }));
    await send('PATCH', `/calendars/${entry.body.id}`, JSON.stringify({ rrule: 'FREQ=DAILY;INTERVAL=-1', intake: JSON.parse(nest(3_000)) }));
    await send('PATCH', `/calendars/${entry.body.id}`, JSON.stringify({ rrule: null, extra: JSON.parse(nest(100)) }));
    await send('PATCH', `/devices/${org1.deviceOf.patient}`, `{"iotDevice":${nest(500)},"payment":${nest(10)}}`);
    // Stored: deepest allowed, long, keys, __proto__. Refused: too deep, null, [], and (since text fields refuse them) NUL and a lone surrogate.
    expect(stored.length).toBe(4);
    await stop(first, 'SIGKILL');

    const second = await start(file);
    try {
      for (const id of stored) expect((await second.client.medications.get(id)).id).toBe(id);
      // Both hostile updates were refused: the series is as created.
      expect(await second.client.calendars.get(entry.body.id!)).toMatchObject({ rrule: 'FREQ=DAILY' });
      const bake = await second.client.calendars.bake.create({ patient: org1.patient.userId, from: '2026-04-01', to: '2026-04-07' });
      expect(bake.data.filter((item) => item.name === 'Series')).toHaveLength(7);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await stop(second, 'SIGTERM');
    }
  });
});
