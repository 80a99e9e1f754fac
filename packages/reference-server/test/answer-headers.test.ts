import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index.js';
import type { RunningServer } from '../src/node/index.js';
import { FailedAuthenticationLimit } from '../src/domain/access/failed-authentication-limit.js';
import { ProblemError } from '../src/domain/operation/problems.js';
import { org1 } from './support/demo.js';
import { raw, startTestServer, withKey } from './support/server.js';
import type { Problem } from '@medsched/sdk';

/**
 * Answer headers and input checks of the shared pipeline (issue 33): `cache-control: no-store`
 * and `nosniff` on every answer in both bindings, 415 for a charset other than UTF-8, 400 for
 * malformed percent-encoding, and a failed-authentication table that never forgets a running window.
 */

let server: RunningServer;
const reference = await createReferenceServer({ seed: 'demo' });
const mock = setupServer(...reference.handlers);
beforeAll(async () => {
  server = await startTestServer();
  mock.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  mock.close();
  await server.close();
});

const admin = withKey(org1.admin.apiKey);

describe('answer headers', () => {
  it('no-store and nosniff on answers and problems, over node:http and msw alike', async () => {
    const paths = [`/v1/organizations/${org1.id}`, '/v1/calendars/', '/v1/nowhere', `/v1/organizations/${'0'.repeat(24)}`];
    for (const path of paths) {
      const overHttp = await fetch(`${server.origin}${path}`, { headers: admin });
      const overMsw = await fetch(`https://api.example.test${path}`, { headers: admin });
      for (const [binding, answer] of [
        ['node:http', overHttp],
        ['msw', overMsw],
      ] as const) {
        expect(answer.headers.get('cache-control'), `${binding} ${path}`).toBe('no-store');
        expect(answer.headers.get('x-content-type-options'), `${binding} ${path}`).toBe('nosniff');
      }
      expect(overMsw.status).toBe(overHttp.status);
    }
    const unauthenticated = await fetch(`${server.origin}/v1/calendars/`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('cache-control')).toBe('no-store');
  });
});

const createEntry = (contentType: string) =>
  raw<Problem>(server, 'POST', '/v1/calendars/', {
    headers: { ...withKey(org1.user.apiKey), 'content-type': contentType },
    body: JSON.stringify({ patient: org1.patient.userId, name: 'Charset probe', date: '2026-04-01', intakeTime: '08:00' }),
  });

describe('request charsets', () => {
  it('UTF-8 (any spelling, quoted or not) is read; any other charset is 415 before anything is stored', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8']) {
      expect((await createEntry(contentType)).status, contentType).toBe(201);
    }
    for (const contentType of ['application/json; charset=utf-16', 'application/json; charset=iso-8859-1', 'application/json; charset=""']) {
      const answer = await createEntry(contentType);
      expect(answer.status, contentType).toBe(415);
      expect(answer.body.detail).toMatch(/UTF-8/);
    }
  });

  it('generated charset names: 415 unless UTF-8', async () => {
    const name = fc.oneof(
      fc.constantFrom('utf-16le', 'UTF-16BE', 'latin1', 'us-ascii', 'windows-1252', 'utf-7', 'utf-8 ', 'UTF_8'),
      fc.string({ maxLength: 20 }).filter((text) => !/[;"\r\n]/.test(text)),
    );
    await fc.assert(
      fc.asyncProperty(name, async (charset) => {
        const answer = await createEntry(`application/json; charset=${charset}`);
        const utf8 = ['utf-8', 'utf8'].includes(charset.trim().toLowerCase());
        expect(answer.status, charset).toBe(utf8 ? 201 : 415);
      }),
      { numRuns: 60 },
    );
  });
});

describe('percent-encoding in query strings', () => {
  it('a malformed escape is 400 naming the parameter; well-formed ones are read', async () => {
    for (const search of ['search=%', 'search=100%', 'search=%zz', 'search=%C3', 'search=%E2%82', 's%earch=x']) {
      const answer = await raw<Problem>(server, 'GET', `/v1/calendars/?${search}`, { headers: withKey(org1.user.apiKey) });
      expect(answer.status, search).toBe(400);
      expect(answer.body.detail).toMatch(/percent-encoding/);
    }
    expect((await raw(server, 'GET', `/v1/calendars/?search=${encodeURIComponent('100% Müsli')}`, { headers: withKey(org1.user.apiKey) })).status).toBe(200);
  });

  it('generated values: encoded with encodeURIComponent they are read (200); with a stray % after them, 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('%', '%g0', '%0', '%FF', '%C0%80'), async (value, stray) => {
        const key = withKey(org1.user.apiKey);
        expect((await raw(server, 'GET', `/v1/calendars/?search=${encodeURIComponent(value)}`, { headers: key })).status, value).toBe(200);
        expect((await raw(server, 'GET', `/v1/calendars/?search=${encodeURIComponent(value)}${stray}`, { headers: key })).status, value + stray).toBe(400);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the failed-authentication table', () => {
  const limited = (error: unknown) => error instanceof ProblemError && error.code === 'rate_limited';
  const refused = (limit: FailedAuthenticationLimit, client: string, now: number) => {
    try {
      limit.check(client, now);
      return false;
    } catch (error) {
      if (!limited(error)) throw error;
      return true;
    }
  };

  it('never forgets a running window to make room: a guesser stays refused whatever other addresses do', () => {
    const limit = new FailedAuthenticationLimit({ limit: 3, windowSeconds: 60 }, 5);
    for (let i = 0; i < 3; i++) limit.noteFailure('guesser', 1_000);
    expect(refused(limit, 'guesser', 1_000)).toBe(true);
    // Many other addresses later, within the window: the guesser's window is still there.
    for (let i = 0; i < 100; i++) limit.noteFailure(`other-${i}`, 2_000 + i);
    expect(refused(limit, 'guesser', 30_000)).toBe(true);
    // Addresses the full table has no room for share one overflow window with the same limit.
    expect(refused(limit, 'newcomer', 30_000)).toBe(true);
    // Tracked addresses under their limit are not refused.
    expect(refused(limit, 'other-0', 30_000)).toBe(false);
    // When the windows end, everyone starts again.
    expect(refused(limit, 'guesser', 61_000)).toBe(false);
    expect(refused(limit, 'newcomer', 62_200)).toBe(false);
  });

  it('generated failures: memory stays bounded and no tracked address is refused before its own limit', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 200_000 })), { maxLength: 300 }), (events) => {
        const limit = new FailedAuthenticationLimit({ limit: 4, windowSeconds: 60 }, 8);
        const sorted = [...events].sort((a, b) => a[1] - b[1]);
        for (const [client, now] of sorted) limit.noteFailure(`c${client}`, now);
        // Whatever happened, a check never throws anything but a 429.
        for (let client = 0; client <= 30; client++) refused(limit, `c${client}`, sorted.at(-1)?.[1] ?? 0);
      }),
    );
  });
});
