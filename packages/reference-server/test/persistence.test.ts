import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { NotFoundError } from '@medsched/sdk';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { org1 } from './support/demo.js';
import { bin, checkedLines, directory, killStartedServers, line, newDataFile, removeDataFiles, start, startRefused, stop, type Started } from './support/persistence-bin.js';

// Each test starts, kills and restarts server processes: 20-53 s a test measured at a load average of 20 on two cores.
vi.setConfig({ testTimeout: 180_000 });

afterEach(killStartedServers);
afterAll(removeDataFiles);

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
      const found = await Promise.all(acknowledged.map(({ kind, id }) => (kind === 'entry' ? second.client.calendars.get(id) : second.client.medications.get(id))));
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
      [
        'another format version',
        line({ format: 'medsched-reference-server-data', version: 5, writtenAt: '2026-01-01T00:00:00.000Z', records: 0 }),
        (path) => `${path}:1: format version 5, but this server reads versions 1, 2, 3 and 4 only`,
      ],
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
