import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../src/node/proxy/proxy-server.js';
import { calendarEntryAnswer } from './support/drifted-entry.js';
import { startRecordingServer, type RecordingServer } from './support/raw-socket.js';
import { testTempDir } from '../../../scripts/test-temp-dir.mjs';

// A flood of contract-breaking answers (issue 33: 15,000 of them grew the proxy to 479 MiB and
// its violations file to 105 MiB): memory and files stay bounded, and what was left out is counted.
let drifted: RecordingServer;
beforeAll(async () => {
  // Every answer breaks the contract in one field only: `isBaked` instead of `baked` (ids and timestamps in their formats).
  drifted = await startRecordingServer(() => ({ status: 200, body: calendarEntryAnswer({ isBaked: true }) }));
});
afterAll(() => drifted?.close());

describe('the proxy under a flood of violations', () => {
  it('keeps the first violations in memory, caps the violations and exchanges files, and counts the rest', async () => {
    const dir = testTempDir('medsched-flood-');
    const violationsFile = join(dir, 'violations.jsonl');
    const maxLogBytes = 8 * 1024;
    const maxKeptViolations = 50;
    let told = 0;
    let quiet = 0;
    const proxy = await startProxy({
      target: `${drifted.origin}/v1`,
      port: 0,
      violations: violationsFile,
      record: join(dir, 'recorded'),
      maxLogBytes,
      maxKeptViolations,
      onViolation: () => told++,
      onQuiet: () => quiet++,
    });
    const requests = 300;
    let notes: string[];
    try {
      const one = async (index: number) => {
        const answer = await fetch(`${proxy.url}/calendars/64d0050000000000000${String(index).padStart(5, '0')}`, { headers: { 'x-api-key': 'k' } });
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      };
      // 10 clients at once, each one request after another.
      await Promise.all(
        Array.from({ length: 10 }, async (_, client) => {
          for (let index = client; index < requests; index += 10) await one(index);
        }),
      );
    } finally {
      notes = await proxy.close();
    }
    expect(proxy.violationCount).toBe(requests);
    expect(proxy.violations.length).toBe(maxKeptViolations);
    expect(told).toBe(maxKeptViolations);
    expect(quiet).toBe(1);

    const violationsSize = statSync(violationsFile).size;
    expect(violationsSize).toBeLessThanOrEqual(maxLogBytes);
    const lines = readFileSync(violationsFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ operation: 'calendars.get', field: 'baked' });
    const exchangesFile = join(dir, 'recorded', 'exchanges.jsonl');
    expect(statSync(exchangesFile).size).toBeLessThanOrEqual(maxLogBytes);
    const exchanges = readFileSync(exchangesFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '').length;
    expect(notes).toEqual([
      `proxy: ${requests} violations seen, the first ${maxKeptViolations} reported; ${requests - lines.length} not written to ${violationsFile} (its cap of ${maxLogBytes} bytes)`,
      `proxy: ${requests - exchanges} exchanges not written to ${exchangesFile} (its cap of ${maxLogBytes} bytes)`,
    ]);
  }, 120_000);

  it('counts an earlier run’s file towards the cap and appends to it, never truncating it', async () => {
    const dir = testTempDir('medsched-flood-');
    const file = join(dir, 'violations.jsonl');
    const run = async () => {
      const proxy = await startProxy({ target: `${drifted.origin}/v1`, port: 0, violations: file, maxLogBytes: 1_000 });
      for (let index = 0; index < 5; index++) await (await fetch(`${proxy.url}/calendars/64d005000000000000000001`)).arrayBuffer();
      return proxy.close();
    };
    await run();
    const first = readFileSync(file, 'utf8');
    await run();
    const second = readFileSync(file, 'utf8');
    expect(second.startsWith(first)).toBe(true);
    expect(statSync(file).size).toBeLessThanOrEqual(1_000);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
