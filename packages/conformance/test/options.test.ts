import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkConformance, ConformanceError } from '../src/index.js';

// What a caller passes reaches a server (base URL, credentials, organization, rule names): each has
// a bound, and junk is refused as a ConformanceError before any request leaves.

/** A fetch that counts: any call is a request that should not have been sent. */
function countingFetch(): { fetch: typeof fetch; calls: number } {
  const counter = {
    calls: 0,
    fetch: (() => {
      counter.calls++;
      return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    }) as typeof fetch,
  };
  return counter;
}

async function refusal(options: unknown): Promise<ConformanceError> {
  const counter = countingFetch();
  const error = await checkConformance({ ...(options as object), fetch: counter.fetch } as Parameters<typeof checkConformance>[0]).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(counter.calls).toBe(0);
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

const valid = { baseUrl: 'http://127.0.0.1:4010/v1', credentials: { primary: { apiKey: 'msk_demo_sonnen_user' } } };

describe('checkConformance options', () => {
  it('refuses junk in every field with invalid_options, naming the field, and sends nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            baseUrl: fc.oneof(
              fc.string(),
              fc.constant('ftp://x/v1'),
              fc.string({ minLength: 2049, maxLength: 2100 }).map((tail) => `http://a/${tail}`),
            ),
          }),
          fc.record({
            credentials: fc.oneof(fc.anything(), fc.record({ primary: fc.record({ apiKey: fc.oneof(fc.constant(''), fc.string({ minLength: 513, maxLength: 600 }), fc.constant('with space')) }) })),
          }),
          fc.record({ organization: fc.string().filter((value) => !/^[0-9a-f]{24}$/.test(value)) }),
          fc.record({
            only: fc.oneof(
              fc.array(
                fc.string().filter((value) => !/^[a-z0-9.-]{1,100}$/.test(value)),
                { minLength: 1, maxLength: 3 },
              ),
              fc.array(fc.constant('tenancy'), { minLength: 101, maxLength: 120 }),
            ),
          }),
          fc.record({ timeoutMs: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 120_001 }), fc.double({ noInteger: true })) }),
          fc.record({
            headers: fc.dictionary(
              fc.string().filter((name) => !/^[a-z0-9-]{1,64}$/.test(name)),
              fc.string(),
              { minKeys: 1, maxKeys: 2 },
            ),
          }),
          fc.record({ unknownOption: fc.anything() }),
        ),
        async (junk) => {
          const error = await refusal({ ...valid, ...junk });
          expect(error.code).toBe('invalid_options');
          expect(error.message).toMatch(/^checkConformance: /);
          expect(error.hint).toContain('baseUrl');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('an unknown rule name is unknown_rule, listing the rules', async () => {
    const error = await refusal({ ...valid, only: ['tenancy.nope'] });
    expect(error.code).toBe('unknown_rule');
    expect(error.message).toBe('no rule or group named tenancy.nope');
    expect(error.hint).toContain('tenancy.list-scope');
  });

  it('an unreachable server and a refused main credential are errors with a code, not failed rules', async () => {
    const unreachable = await checkConformance({ ...valid, fetch: async () => Promise.reject(new TypeError('fetch failed')) }).catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ code: 'unreachable', message: 'cannot reach http://127.0.0.1:4010/v1: fetch failed' });
    const refused = await checkConformance({
      ...valid,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ type: 'about:blank', title: 'Unauthenticated', status: 401, code: 'unauthenticated' }), { status: 401 })),
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'unauthenticated' });
  });
});
