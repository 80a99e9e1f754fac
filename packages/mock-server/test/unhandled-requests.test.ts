import { describe, expect, it, vi } from 'vitest';
import { useMockApi } from './support.js';

describe('unhandled requests', () => {
  const mock = useMockApi();

  it('fail loudly with the method and URL', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const error = await fetch('https://elsewhere.test/analytics?x=1', { method: 'POST', body: '{}' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      // msw rejects the fetch and prints the request: method, URL and body.
      expect((error as Error).message).toContain('onUnhandledRequest');
      expect(printed.mock.calls.flat().join('\n')).toContain('POST https://elsewhere.test/analytics?x=1');
    } finally {
      printed.mockRestore();
    }
  });

  it("while unknown paths under the API get the reference server's 404", async () => {
    const answer = await fetch(`${mock.baseUrl}/nothing-here`, { headers: mock.as('user').headers });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'not_found' });
  });
});
