import { existsSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { org1 } from './support/demo.js';
import { bin, killStartedServers, newDataFile, removeDataFiles, start, stop } from './support/persistence-bin.js';

// Each test starts, kills and restarts server processes: 20-53 s a test measured at a load average of 20 on two cores.
vi.setConfig({ testTimeout: 180_000 });

afterEach(killStartedServers);
afterAll(removeDataFiles);

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
    await send('PATCH', `/calendars/${entry.body.id}`, JSON.stringify({ rrule: 'FREQ=DAILY;INTERVAL=-1', intake: JSON.parse(nest(3_000)) as unknown }));
    await send('PATCH', `/calendars/${entry.body.id}`, JSON.stringify({ rrule: null, extra: JSON.parse(nest(100)) as unknown }));
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
