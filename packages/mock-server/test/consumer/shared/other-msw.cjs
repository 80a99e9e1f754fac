// Another msw server beside the mock, shared by the runners (see reset-safety.cjs): msw lets only
// one server of a process answer (the last to listen, measured with msw 2.15 and 3.0), and the
// other's close() stops interception for both. The mock refuses to listen beside one, and its next
// call fails when one starts listening after it or stops the shared interceptor.
'use strict';

/**
 * @param {{ setupMockApi: Function, setupServer: Function, http: any, HttpResponse: any, it: Function, expect: Function }} runner
 */
function defineOtherMswTests({ setupMockApi, setupServer, http, HttpResponse, it, expect }) {
  const plainHandlers = () => [http.get('*/v1/calendars', () => HttpResponse.json({ from: 'the plain server' }))];

  it('refuses to listen while a plain msw server listens, saying what to do; listens once it is closed', async () => {
    const plain = setupServer(...plainHandlers());
    plain.listen({ onUnhandledRequest: 'bypass' });
    const mock = setupMockApi();
    try {
      const refused = await mock.listen().then(
        () => undefined,
        (error) => error,
      );
      expect(refused).toMatchObject({ name: 'MockApiError', code: 'other_msw' });
      expect(refused.message).toMatch(/another msw server is already intercepting requests in this process \(.*fetch-interceptor.*\)/);
      expect(refused.message).toMatch(/mock\.server\.use\(http\.get\(\.\.\.\)\)/);
      plain.close();
      await mock.listen();
      expect((await mock.as('user').client.calendars.list({ limit: 1 })).total).toBe(12);
    } finally {
      mock.close();
      plain.close();
    }
  });

  it('fails the next call (scenario, seed, db, reset) once a plain server listens after the mock: it takes the requests over', async () => {
    const mock = setupMockApi();
    await mock.listen();
    const plain = setupServer(...plainHandlers());
    try {
      plain.listen({ onUnhandledRequest: 'bypass' });
      // What the team would otherwise not see: the plain server answers the mock's route.
      expect(await (await fetch(`${mock.baseUrl}/calendars`, { headers: mock.as('user').headers })).json()).toEqual({ from: 'the plain server' });
      const calls = [
        ['mock.fail("calendars.list")', () => mock.fail('calendars.list', 500)],
        ['mock.reset()', () => mock.reset()],
        ['mock.db', () => mock.db],
      ];
      for (const [what, call] of calls) {
        let caught;
        try {
          call();
        } catch (error) {
          caught = error;
        }
        expect(caught, what).toMatchObject({ code: 'other_msw' });
        expect(caught.message, what).toMatch(/another msw server started listening after the mock/);
        expect(caught.message.startsWith(`${what}: `), what).toBe(true);
      }
      await expect(mock.seed.patient()).rejects.toMatchObject({ code: 'other_msw' });
    } finally {
      plain.close();
      mock.close();
    }
  });

  it("says so when another server's close() stopped the interceptor the mock shared (requests would reach the network)", async () => {
    const mock = setupMockApi();
    await mock.listen();
    const plain = setupServer(...plainHandlers());
    plain.listen({ onUnhandledRequest: 'bypass' });
    plain.close();
    try {
      expect(() => mock.fail('calendars.list', 500)).toThrow(/^mock\.fail\("calendars\.list"\): the mock no longer intercepts requests: another msw server's close\(\) stopped the interceptor/);
    } finally {
      mock.close();
    }
    // And the realm is clean again: a new mock listens and answers.
    const next = setupMockApi();
    await next.listen();
    try {
      expect((await next.as('user').client.calendars.list({ limit: 1 })).total).toBe(12);
    } finally {
      next.close();
    }
  });
}

module.exports = { defineOtherMswTests };
