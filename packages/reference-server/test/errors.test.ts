import { ConflictError, NotFoundError, PermissionDeniedError, RateLimitError, AuthenticationError, type Problem } from '@medsched/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, unknownId } from './support/demo.js';
import { clientFor, raw, startTestServer, withKey } from './support/server.js';

let server: RunningServer;
const admin = () => withKey(org1.admin.apiKey);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const expectProblem = (answer: { status: number; headers: Headers; body: unknown }, status: number, code: string) => {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(answer.headers.get('x-request-id')).toBeTruthy();
  expect(answer.body).toMatchObject({ type: `https://docs.medsched.dev/errors/${code}`, status, code, requestId: answer.headers.get('x-request-id') });
  expect(typeof (answer.body as Problem).title).toBe('string');
  expect(typeof (answer.body as Problem).detail).toBe('string');
};

describe('the error table', () => {
  it('400 invalid_json for an unparsable body', async () => {
    expectProblem(await raw(server, 'POST', '/v1/medications/', { headers: { ...admin(), 'content-type': 'application/json' }, body: '{"name": ' }), 400, 'invalid_json');
  });

  it('400 validation_failed with field errors (body and query)', async () => {
    const body = await raw<Problem>(server, 'POST', '/v1/calendars/', { headers: admin(), json: { name: 'no patient' } });
    expectProblem(body, 400, 'validation_failed');
    expect(body.body.errors).toContainEqual(expect.objectContaining({ path: 'patient' }));
    const query = await raw(server, 'GET', '/v1/calendars/?limit=0', { headers: admin() });
    expectProblem(query, 400, 'validation_failed');
    expectProblem(await raw(server, 'GET', '/v1/calendars/?sortBy=colour', { headers: admin() }), 400, 'validation_failed');
    expectProblem(await raw(server, 'POST', '/v1/medications/', { headers: admin(), json: { name: 'x', typo: 1 } }), 400, 'validation_failed');
  });

  it('400 invalid_id for a malformed id in the path', async () => {
    expectProblem(await raw(server, 'GET', '/v1/calendars/123', { headers: admin() }), 400, 'invalid_id');
    await expect(clientFor(server, { apiKey: org1.admin.apiKey }).medications.get('ABC')).rejects.toBeInstanceOf(Error);
  });

  it('401 unauthenticated with WWW-Authenticate', async () => {
    const answer = await raw(server, 'GET', `/v1/organizations/${org1.id}`);
    expectProblem(answer, 401, 'unauthenticated');
    expect(answer.headers.get('www-authenticate')).toContain('Bearer');
    await expect(clientFor(server, { apiKey: 'msk_wrong_wrong_wrong' }).organizations.get(org1.id)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('403 forbidden', async () => {
    expectProblem(await raw(server, 'PATCH', `/v1/organizations/${org1.id}`, { headers: withKey(org1.user.apiKey), json: { organization: org1.id, name: 'x' } }), 403, 'forbidden');
    await expect(clientFor(server, { apiKey: org1.patient.apiKey }).medications.get(org1.medication)).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('404 not_found for unknown ids and unknown routes', async () => {
    expectProblem(await raw(server, 'GET', `/v1/calendars/${unknownId}`, { headers: admin() }), 404, 'not_found');
    expectProblem(await raw(server, 'GET', '/v1/patients/', { headers: admin() }), 404, 'not_found');
    expectProblem(await raw(server, 'GET', '/elsewhere', { headers: admin() }), 404, 'not_found');
    await expect(clientFor(server, { apiKey: org1.admin.apiKey }).medications.get(unknownId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('405 method_not_allowed with Allow', async () => {
    const answer = await raw(server, 'PUT', `/v1/calendars/${org1.entryOf.patient}`, { headers: admin(), json: {} });
    expectProblem(answer, 405, 'method_not_allowed');
    expect(answer.headers.get('allow')).toBe('GET, POST, PATCH, HEAD');
    expect((await raw(server, 'PATCH', '/v1/calendars/bake', { headers: admin(), json: {} })).headers.get('allow')).toBe('GET, POST, DELETE, HEAD');
  });

  it('409 conflict: a baked entry, a duplicate e-mail', async () => {
    const { db } = server.reference;
    const entry = db.calendarEntries.get(org1.entryOf.patient2)!;
    await db.calendarEntries.update(entry, (draft) => {
      draft.baked = true;
    });
    expectProblem(await raw(server, 'PATCH', `/v1/calendars/${entry.id}`, { headers: admin(), json: { name: 'x' } }), 409, 'conflict');
    expectProblem(await raw(server, 'POST', `/v1/calendars/${entry.id}`, { headers: admin(), json: { name: 'x' } }), 409, 'conflict');
    const client = clientFor(server, { apiKey: org1.admin.apiKey });
    await expect(client.users.create({ organization: org1.id, email: org1.user.email })).rejects.toBeInstanceOf(ConflictError);
  });

  it('413 payload_too_large over 1 MiB', async () => {
    const big = JSON.stringify({ name: 'x', meta: { blob: 'a'.repeat(1024 * 1024) } });
    expectProblem(await raw(server, 'POST', '/v1/medications/', { headers: { ...admin(), 'content-type': 'application/json' }, body: big }), 413, 'payload_too_large');
  });

  it('415 unsupported_media_type for a non-JSON body', async () => {
    expectProblem(await raw(server, 'POST', '/v1/medications/', { headers: { ...admin(), 'content-type': 'text/plain' }, body: 'name=x' }), 415, 'unsupported_media_type');
    await expect(clientFor(server, { apiKey: org1.admin.apiKey }).medications.create({ name: 'x' }, { headers: { 'content-type': 'text/plain' } })).rejects.toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
    });
  });

  it('500 internal never leaks the message, stack or secrets', async () => {
    const table = server.reference.db.organizations;
    const original = table.get.bind(table);
    table.get = () => {
      throw new Error(`boom with secret ${org1.admin.apiKey}`);
    };
    try {
      const answer = await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: admin() });
      expectProblem(answer, 500, 'internal');
      expect(answer.text).not.toContain('boom');
      expect(answer.text).not.toContain(org1.admin.apiKey);
      expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      table.get = original;
    }
  });

  it('400 for a reversed or too long bake range', async () => {
    const patient = org1.patient.userId;
    expectProblem(await raw(server, 'GET', `/v1/calendars/bake?patient=${patient}&from=2026-01-07&to=2026-01-01`, { headers: admin() }), 400, 'validation_failed');
    expectProblem(await raw(server, 'GET', `/v1/calendars/bake?patient=${patient}&from=2026-01-01&to=2027-01-02`, { headers: admin() }), 400, 'validation_failed');
  });

  it('echoes x-request-id', async () => {
    const answer = await raw(server, 'GET', `/v1/organizations/${org1.id}`, { headers: { ...admin(), 'x-request-id': 'trace-123' } });
    expect(answer.headers.get('x-request-id')).toBe('trace-123');
  });

  it('auth before everything: bad input and unknown targets are 401 without a credential', async () => {
    expect((await raw(server, 'POST', '/v1/medications/', { headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(401);
    expect((await raw(server, 'GET', '/v1/nowhere')).status).toBe(401);
  });
});

describe('429 rate_limited (when switched on)', () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimit: { limit: 3, windowSeconds: 60 } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After and RateLimit headers after the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await raw(limited, 'GET', `/v1/organizations/${org1.id}`, { headers: admin() })).status).toBe(200);
    const answer = await raw(limited, 'GET', `/v1/organizations/${org1.id}`, { headers: admin() });
    expectProblem(answer, 429, 'rate_limited');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.headers.get('ratelimit-remaining')).toBe('0');
    await expect(clientFor(limited, { apiKey: org1.admin.apiKey }).organizations.get(org1.id, {})).rejects.toBeInstanceOf(RateLimitError);
    // Another credential has its own window.
    expect((await raw(limited, 'GET', `/v1/organizations/${org1.id}`, { headers: withKey(org1.user.apiKey) })).status).toBe(200);
  });
});
