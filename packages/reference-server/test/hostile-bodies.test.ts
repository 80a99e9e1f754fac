import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLimits } from '../src/pipeline/json-limits.js';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { raw, snapshot, startTestServer, withKey, type RawAnswer } from './support/server.js';
import type { Medication, Problem } from '@medsched/sdk';

/**
 * Hostile JSON bodies through real HTTP (issue 9): nesting, sizes, null and non-object bodies.
 * Whatever a body holds, the answer is 2xx or a 4xx problem, and every record that was
 * acknowledged can be read back; another tenant is served meanwhile.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const admin = withKey(org1.admin.apiKey);
const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
};

function expectProblemOrSuccess(answer: RawAnswer, what: string): void {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(answer.headers.get('content-type'), what).toBe('application/problem+json');
}

describe('JSON shape limits', () => {
  it(`refuses nesting beyond ${jsonLimits.depth} levels with 400 before anything is stored, and accepts ${jsonLimits.depth}`, async () => {
    const before = snapshot(server);
    for (const [path, body] of [
      ['/v1/medications/', { name: 'Deep', meta: nested(2_200) }],
      ['/v1/calendars/', { patient: org1.patient.userId, name: 'Deep', intake: nested(100) }],
    ] as const) {
      const answer = await raw<Problem>(server, 'POST', path, { headers: admin, json: body });
      expect(answer.status, path).toBe(400);
      expect(answer.body.detail).toContain(String(jsonLimits.depth));
    }
    const device = await raw(server, 'PATCH', `/v1/devices/${org1.spareDevice}`, { headers: admin, json: { iotDevice: nested(65) } });
    expect(device.status).toBe(400);
    expect(snapshot(server)).toBe(before);
    // 64 levels in all: the body object and 63 below it.
    const deepest = await raw<Medication>(server, 'POST', '/v1/medications/', { headers: admin, json: { name: 'Deepest allowed', meta: nested(63) } });
    expect(deepest.status, deepest.text).toBe(201);
    expect((await raw(server, 'GET', `/v1/medications/${deepest.body.id}`, { headers: admin })).status).toBe(200);
  });

  it('refuses over-long strings, huge arrays and objects with too many keys', async () => {
    const before = snapshot(server);
    const keys = Object.fromEntries(Array.from({ length: jsonLimits.objectKeys + 1 }, (_, index) => [`k${index}`, index]));
    for (const body of [
      { name: 'x'.repeat(jsonLimits.stringLength + 1) },
      { name: 'Array', meta: { list: Array.from({ length: jsonLimits.arrayItems + 1 }, () => 0) } },
      { name: 'Keys', meta: keys },
    ]) {
      const answer = await raw<Problem>(server, 'POST', '/v1/medications/', { headers: admin, json: body });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    }
    expect(snapshot(server)).toBe(before);
  });

  it('counts a string as decoded: escaped control characters up to the limit are taken, one more is refused naming the limit', async () => {
    // JSON writes a line break as two characters and U+0001 as six: the limit is on the text, not its escaping.
    for (const char of ['\n', '\u0001']) {
      const taken = await raw<Medication>(server, 'POST', '/v1/medications/', { headers: admin, json: { name: 'Escaped', meta: { note: char.repeat(jsonLimits.stringLength) } } });
      expect(taken.status, taken.text).toBe(201);
      expect((await raw<Medication>(server, 'GET', `/v1/medications/${taken.body.id}`, { headers: admin })).body.meta.note).toBe(char.repeat(jsonLimits.stringLength));
      const before = snapshot(server);
      const refused = await raw<Problem>(server, 'POST', '/v1/medications/', { headers: admin, json: { name: 'Escaped', meta: { note: char.repeat(jsonLimits.stringLength + 1) } } });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toContain(`longer than ${jsonLimits.stringLength} characters`);
      expect(snapshot(server)).toBe(before);
    }
  });

  it('a body that is not a JSON object is refused with 400 on every route that takes one', async () => {
    const before = snapshot(server);
    const routes: Array<[string, string]> = [
      ['POST', '/v1/medications/'],
      ['POST', `/v1/medications/${org1.medication}`],
      ['PATCH', `/v1/medications/${org1.medication}`],
      ['POST', '/v1/calendars/'],
      ['POST', `/v1/calendars/${org1.entryOf.patient}`],
      ['PATCH', `/v1/calendars/${org1.entryOf.patient}`],
      ['POST', '/v1/calendars/bake'],
      ['PATCH', `/v1/devices/${org1.spareDevice}`],
      ['POST', '/v1/users/'],
      ['PATCH', `/v1/organizations/${org1.id}`],
      ['PATCH', `/v1/accounts/${encodeURIComponent(org1.admin.accountId)}`],
    ];
    for (const [method, path] of routes) {
      for (const body of ['null', '[]', '"text"', '42', 'true', undefined]) {
        const answer = await raw<Problem>(server, method, path, { headers: { ...admin, 'content-type': 'application/json' }, body });
        expect(answer.status, `${method} ${path} ${body}`).toBe(400);
        expect(answer.body.detail, `${method} ${path} ${body}`).toMatch(/must be a JSON object/);
      }
    }
    expect(snapshot(server)).toBe(before);
  });
});

describe('generated hostile bodies (fast-check)', () => {
  const deepValue = fc.integer({ min: 1, max: 3_000 }).map(nested);
  const freeForm = fc.oneof(fc.jsonValue({ maxDepth: 6 }), deepValue, fc.constant(null));
  const writes = fc.oneof(
    freeForm.map((value) => ({ method: 'POST', path: '/v1/medications/', json: { name: 'Fuzz', meta: value } as unknown })),
    freeForm.map((value) => ({ method: 'PATCH', path: `/v1/devices/${org1.spareDevice}`, json: { payment: value } as unknown })),
    freeForm.map((value) => ({ method: 'POST', path: '/v1/calendars/', json: { patient: org1.patient.userId, name: 'Fuzz', date: '2026-08-01', intake: value, extra: value } as unknown })),
    freeForm.map((value) => ({ method: 'PATCH', path: `/v1/accounts/${encodeURIComponent(org1.user.accountId)}`, json: { notification: value } as unknown })),
    freeForm.map((value) => ({ method: 'POST', path: '/v1/medications/', json: value })),
  );

  it('every answer is 2xx or a 4xx problem, stored records read back, and the other tenant is served', async () => {
    const userKey = withKey(org1.user.apiKey);
    await fc.assert(
      fc.asyncProperty(writes, async (write) => {
        const [answer, otherTenant] = await Promise.all([
          raw<{ id?: string } | undefined>(server, write.method, write.path, { headers: write.path.includes('/accounts/') ? userKey : admin, json: write.json }),
          raw(server, 'GET', `/v1/organizations/${org2.id}`, { headers: withKey(org2.admin.apiKey) }),
        ]);
        expectProblemOrSuccess(answer, `${write.method} ${write.path}`);
        expect(otherTenant.status).toBe(200);
        const kind = write.path.split('/')[2];
        if (answer.status < 300 && answer.body?.id && (kind === 'medications' || kind === 'calendars')) {
          const readBack = await raw(server, 'GET', `/v1/${kind}/${answer.body.id}`, { headers: admin });
          expect(readBack.status).toBe(200);
        }
      }),
      { numRuns: 60 },
    );
    // Every list that could hold a fuzzed record still answers.
    for (const path of [
      `/v1/calendars/?patient=${org1.patient.userId}&limit=1000`,
      `/v1/devices/events/${org1.spareDevice}`,
      `/v1/calendars/bake?patient=${org1.patient.userId}&from=2026-08-01&to=2026-08-31`,
      `/v1/users/?organization=${org1.id}&limit=1000`,
    ]) {
      expect((await raw(server, 'GET', path, { headers: admin })).status, path).toBe(200);
    }
  }, 60_000);
});
