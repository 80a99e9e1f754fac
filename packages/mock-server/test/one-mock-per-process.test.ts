import { describe, expect, it } from 'vitest';
import { MockApiError, setupMockApi } from '../src/index.js';

describe('one listening mock per process', () => {
  it('fails the second listen() with a code, where the first was set up, and what to do', async () => {
    const first = setupMockApi();
    const second = setupMockApi();
    await first.listen();
    try {
      const error = await second.listen().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MockApiError);
      expect(error).toMatchObject({ code: 'already_listening' });
      expect((error as Error).message).toMatch(/another mock API is already listening in this process \(set up at .*one-mock-per-process\.test\.ts/);
      expect((error as Error).message).toContain('close()');
      // The first mock still answers alone: one journal entry per request.
      await first.as('user').client.calendars.list({ limit: 1 });
      expect(first.journal.size).toBe(1);
      expect(second.journal.size).toBe(0);
    } finally {
      first.close();
    }
    // Once the first is closed, the second may listen.
    await second.listen();
    second.close();
  });
});
