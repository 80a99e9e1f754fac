/**
 * Issue 18, disk: the `--data` journal is compacted while the server runs. One patient PATCHes
 * ~900 KB settings over and over (each PATCH appends the whole record to the journal); with
 * `--journal-compact-mb 2` the file stays within twice the live data plus 2 MiB instead of
 * growing by every write, and after a kill (SIGKILL) the restarted server has the last write.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { org1 } from './support/demo.js';
import { call, largeNotification, originOf } from './support/http-call.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { Account } from '@medsched/sdk';

const directory = mkdtempSync(join(tmpdir(), 'medsched-compaction-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.kill();
  rmSync(directory, { recursive: true, force: true });
});

async function start(file: string): Promise<string> {
  const server = await startServerBin(['--port', '0', '--data', file, '--demo-keys', 'on', '--journal-compact-mb', '2']);
  running.push(server);
  return originOf(server.url);
}

describe('journal compaction while running', () => {
  it('40 PATCHes of ~900 KB keep the data file near the live data; the last write survives a kill', async () => {
    const file = join(directory, 'sandbox.data');
    const origin = await start(file);
    const account = `/v1/accounts/${encodeURIComponent(org1.patient.accountId)}`;
    let last: Record<string, string> = {};
    let largest = 0;
    for (let index = 0; index < 40; index++) {
      last = largeNotification(900_000);
      const answer = await call(origin, 'PATCH', account, { apiKey: org1.patient.apiKey, json: { notification: last } });
      expect(answer.status).toBe(200);
      largest = Math.max(largest, statSync(file).size);
    }
    // Without compaction: about 36 MB. With it: the live data (~1 MB) twice, plus the 2 MiB threshold, plus one write.
    expect(largest).toBeLessThan(6 * 1024 * 1024);

    running.shift()!.kill();
    const restarted = await start(file);
    const answer = await call<Account>(restarted, 'PATCH', account, { apiKey: org1.patient.apiKey, json: { language: 'de' } });
    expect(answer.status).toBe(200);
    expect(answer.body.notification).toEqual(last);
  }, 90_000);
});
