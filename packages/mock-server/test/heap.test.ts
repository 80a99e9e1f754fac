import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../src/index.js';

declare const gc: (() => void) | undefined;

const usedHeap = (): number => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
};

/**
 * A long run must not keep old databases, journals or scenarios alive: after a warm-up, many more
 * rounds of "seed, call, fail, reset" leave the heap about where it was. The bound is generous
 * (engine caches and JIT code grow a little); a leak of one round's state would exceed it fast.
 */
describe('a long run does not leak', () => {
  it('keeps the heap bounded over many resets', { timeout: 120_000 }, async () => {
    expect(typeof gc, 'run with node --expose-gc (vitest.config.ts sets execArgv)').toBe('function');
    const mock = setupMockApi();
    await mock.listen();
    try {
      const round = async () => {
        const patient = await mock.seed.patient();
        for (let i = 0; i < 40; i++) await mock.seed.calendarEntry({ patient: patient.id, name: `entry ${i}`, instruction: 'x'.repeat(2_000) });
        const { client } = mock.as('user');
        await client.calendars.list({ patient: patient.id, limit: 50 });
        mock.fail('calendars.get', 500);
        mock.delay('GET /organizations/:id', 0);
        await mock.reset();
      };
      for (let i = 0; i < 15; i++) await round();
      const before = usedHeap();
      for (let i = 0; i < 60; i++) await round();
      const growth = usedHeap() - before;
      // One round's data is ~100 kB of entries plus the demo database; 60 leaked rounds would be many MB.
      expect(growth).toBeLessThan(8 * 1024 * 1024);
    } finally {
      mock.close();
    }
  });
});
