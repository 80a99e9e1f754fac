import { describe, expect, it } from 'vitest';
import { MockApiError, setupMockApi } from '../src/index.js';

/** Mistakes surface where they are made, with a code and what to do. */
describe('wrong moves', () => {
  it('scenarios before listen() throw not_started at the call (the app would otherwise reach the network)', () => {
    const mock = setupMockApi();
    const calls: Array<[string, () => unknown]> = [
      ['fail', () => mock.fail('calendars.list', 500)],
      ['respond', () => mock.respond('calendars.list', [])],
      ['delay', () => mock.delay(10)],
      ['delay', () => mock.delay('calendars.list', 10)],
      ['networkError', () => mock.networkError()],
      ['expireTokens', () => mock.expireTokens()],
      ['rateLimit', () => mock.rateLimit(1)],
    ];
    for (const [name, call] of calls) {
      let caught: unknown;
      try {
        call();
      } catch (error) {
        caught = error;
      }
      expect(caught, name).toBeInstanceOf(MockApiError);
      expect(caught, name).toMatchObject({ code: 'not_started' });
      expect((caught as Error).message, name).toMatch(/the mock API is not started: call `await mock\.listen\(\)`/);
    }
  });

  it('close() of a mock that never listened, or twice, is harmless', async () => {
    const mock = setupMockApi();
    expect(() => mock.close()).not.toThrow();
    await mock.listen();
    mock.close();
    expect(() => mock.close()).not.toThrow();
    // And the realm is free again for another mock.
    const next = setupMockApi();
    await next.listen();
    next.close();
  });

  it("the journal's times follow the mock's clock, as the records' createdAt does", async () => {
    const mock = setupMockApi({ now: '2026-05-04T08:00:00Z' });
    await mock.listen();
    try {
      const entry = await mock.as('user').client.calendars.create({ patient: '64d002000000000000000003', name: 'Clocked', date: '2026-05-04' });
      expect(entry.createdAt).toBe('2026-05-04T08:00:00.000Z');
      expect(mock.journal.last()?.at).toBe('2026-05-04T08:00:00.000Z');
    } finally {
      mock.close();
    }
  });
});
