import { describe, expect, it, vi } from 'vitest';
import { useMockApi } from './support.js';

const fixed = '2026-05-04T08:00:00.000Z';
const fixedSeconds = (Date.parse(fixed) / 1000).toString(16);

describe('a fixed clock: setupMockApi({ now: instant })', () => {
  const mock = useMockApi({ now: fixed });

  it('is "now" for the API, the factories and the ids, and stands still', async () => {
    const { client } = mock.as('user');
    const entry = await client.calendars.create({ patient: mock.as('patient').credential.userId, name: 'Clocked', date: '2026-05-04' });
    expect(entry.createdAt).toBe(fixed);
    expect(entry.id.startsWith(fixedSeconds)).toBe(true);
    const seeded = await mock.seed.calendarEntry();
    expect(seeded).toMatchObject({ createdAt: fixed, date: '2026-05-04' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.now().toISOString()).toBe(fixed);
  });
});

describe('an advancing clock: setupMockApi({ now: { from } })', () => {
  const mock = useMockApi({ now: { from: fixed } });

  it('starts at `from` and moves on with real time, and starts over at reset()', async () => {
    // Only Date is faked (timers stay real): the clock moves exactly as far as the test moves it.
    // With the real clock, a reset slower than the first wait (a loaded machine) failed the last check.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await mock.reset();
      vi.setSystemTime(Date.now() + 30_000);
      const moved = mock.now().getTime() - Date.parse(fixed);
      expect(moved).toBe(30_000);
      const entry = await mock.as('user').client.calendars.create({ patient: mock.as('patient').credential.userId, name: 'Later', date: '2026-05-04' });
      expect(Date.parse(entry.createdAt)).toBeGreaterThan(Date.parse(fixed));
      await mock.reset();
      expect(mock.now().getTime() - Date.parse(fixed)).toBeLessThan(moved);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('your own clock: setupMockApi({ now: () => Date })', () => {
  let at = Date.parse(fixed);
  const mock = useMockApi({ now: () => new Date(at) });

  it('is read at every use', async () => {
    at += 86_400_000;
    expect((await mock.seed.medication()).createdAt).toBe('2026-05-05T08:00:00.000Z');
  });
});
