/**
 * The running reference server answers within what the SDK's OpenAPI document declares, for
 * every operation: each request below provokes an answer the document says the operation can
 * give (success on the demo data, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429), and the
 * answer is checked against the document: status declared, declared headers present and within
 * their schemas, no header a client reads left undeclared, body valid against the declared
 * schema (support/openapi-document.ts). So the document cannot drift from the server.
 * One server for the file, over real HTTP on port 0; its clock stands still (no window ends).
 */
import { operations } from '@medsched/sdk/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, unknownId } from './support/demo.js';
import { declaredStatuses, document, documentOperations, driftOf } from './support/openapi-drift-check.js';
import { allowedRoles, crossTenantCalls, operationCalls, type OperationCall } from './support/operations.js';
import { requestWithBody } from './support/http-body.js';
import { raw, startTestServer, withKey, type RawAnswer } from './support/server.js';

/** A page on an allowed origin (the default: any port on localhost), so that the CORS headers come too. */
const origin = 'http://localhost:5173';
const admin = { ...withKey(org1.admin.apiKey), origin };
const calls = operationCalls('admin');
const callOf = (id: string): OperationCall => calls.find((call) => call.id === id)!;
/** Operations whose document declares a status. */
const declaring = (status: number) => calls.filter((call) => declaredStatuses(call.id).includes(status));

let server: RunningServer;
beforeAll(async () => {
  const now = new Date('2026-01-07T09:00:00.000Z');
  // A per-credential rate limit no call here reaches, so that every success carries its fields.
  server = await startTestServer({ now: () => now, rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
});
afterAll(() => server?.close());

/** Sends a call (through node:http when it carries a body fetch cannot send) and returns the answer with what the document does not allow in it. */
async function send(call: OperationCall, init: { headers?: Record<string, string>; json?: unknown; path?: string } = {}) {
  const headers = init.headers ?? admin;
  const path = init.path ?? call.path;
  const json = init.json ?? call.json;
  const answer: RawAnswer = json !== undefined && call.method === 'GET' ? await requestWithBody(server, call.method, path, json, headers) : await raw(server, call.method, path, { headers, json });
  return { answer, drift: driftOf(call.id, answer) };
}

const pathId = /(?<=[/=])([0-9a-f]{24})(?=$|[?&])/;
/** The call with the (first) id in its path or query replaced by one that exists nowhere, in its body too (organizations.update repeats it). */
function withUnknownId(call: OperationCall): { path: string; json: unknown } {
  const id = pathId.exec(call.path)![1]!;
  const json = call.json === undefined ? undefined : (JSON.parse(JSON.stringify(call.json).replaceAll(id, unknownId)) as unknown);
  return { path: call.path.replace(id, unknownId), json };
}

describe('the OpenAPI document against the running reference server', () => {
  it('covers every operation of the catalogue and of the document', () => {
    expect(calls.map((call) => call.id).sort()).toEqual(Object.keys(operations).sort());
    expect(documentOperations.map((operation) => operation.id).sort()).toEqual(Object.keys(operations).sort());
    expect(document.servers[0]!.url).toBe('http://127.0.0.1:4010/v1');
  });

  // The success answers first: later checks change nothing they need (refused requests write nothing).
  it.each(calls.map((call) => [call.id, call] as const))('%s: the success answer on the demo data', async (id, call) => {
    const { answer, drift } = await send(call);
    expect(answer.status, answer.text).toBe(operations[id as keyof typeof operations].status);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('ratelimit-limit')).toBe('1000000');
    expect(drift).toEqual([]);
  });

  it.each(calls.map((call) => [call.id, call] as const))('%s: 401 without a credential', async (_, call) => {
    const { answer, drift } = await send(call, { headers: { origin } });
    expect(answer.status).toBe(401);
    expect(drift).toEqual([]);
  });

  it('401 for a bearer token that is not valid: the invalid_token challenge', async () => {
    const { answer, drift } = await send(callOf('calendars.list'), { headers: { origin, authorization: 'Bearer not.a.token' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(drift).toEqual([]);
  });

  it.each(calls.filter((call) => !allowedRoles[call.id]!.includes('patient')).map((call) => [call.id, call] as const))('%s: 403 for a role that may not call it (a patient)', async (_, call) => {
    const { answer, drift } = await send(call, { headers: { ...withKey(org1.patient.apiKey), origin } });
    expect(answer.status, answer.text).toBe(403);
    expect(drift).toEqual([]);
  });

  it.each(crossTenantCalls.map((call) => [call.id, call] as const))("%s: 403 on another organization's record", async (_, call) => {
    const { answer, drift } = await send(call);
    expect(answer.status, answer.text).toBe(403);
    expect(drift).toEqual([]);
  });

  it.each(calls.filter((call) => pathId.test(call.path)).map((call) => [call.id, call] as const))('%s: 404 for an id that exists nowhere', async (_, call) => {
    const { answer, drift } = await send(call, withUnknownId(call));
    expect(answer.status, answer.text).toBe(404);
    expect(drift).toEqual([]);
  });

  it('accounts.update and calendars.list: 404 for an account or patient that exists nowhere', async () => {
    const unknownAccount = await send(callOf('accounts.update'), { path: `/v1/accounts/${encodeURIComponent('idp|no-such-account')}` });
    const unknownPatient = await send(callOf('calendars.list'), { path: `/v1/calendars/?patient=${unknownId}` });
    for (const { answer, drift } of [unknownAccount, unknownPatient]) {
      expect(answer.status, answer.text).toBe(404);
      expect(drift).toEqual([]);
    }
  });

  it.each(calls.map((call) => [call.id, call] as const))('%s: 400 for an unknown query parameter', async (_, call) => {
    const { answer, drift } = await send(call, { path: `${call.path}${call.path.includes('?') ? '&' : '?'}unknownParameter=1` });
    expect(answer.status, answer.text).toBe(400);
    expect(drift).toEqual([]);
  });

  it.each(declaring(413).map((call) => [call.id, call] as const))('%s: 413 for a body over 1 MiB', async (_, call) => {
    const { answer, drift } = await send(call, { json: { x: 'a'.repeat(1024 * 1024) } });
    expect(answer.status, answer.text).toBe(413);
    expect(drift).toEqual([]);
  });

  it.each(declaring(415).map((call) => [call.id, call] as const))('%s: 415 for a body that is not JSON', async (_, call) => {
    const { answer, drift } = await send(call, { headers: { ...admin, 'content-type': 'text/plain' }, json: { name: 'not sent as JSON' } });
    expect(answer.status, answer.text).toBe(415);
    expect(drift).toEqual([]);
  });

  it.each(calls.map((call) => [call.id, call] as const))('%s: 405 on its path with a method it does not take', async (_, call) => {
    const { answer, drift } = await send({ ...call, method: 'PUT' });
    expect(answer.status, answer.text).toBe(405);
    expect(drift).toEqual([]);
  });

  it('users.create: 409 for an e-mail already used in the organization', async () => {
    const { answer, drift } = await send(callOf('users.create'), { json: { organization: org1.id, role: 'patient', email: org1.patient.email } });
    expect(answer.status, answer.text).toBe(409);
    expect(drift).toEqual([]);
  });

  it('creates and PATCH with an Idempotency-Key: the replay, and 422 for the key with another request', async () => {
    for (const id of ['calendars.create', 'medications.create', 'users.create', 'medications.update']) {
      const call = callOf(id);
      const headers = { ...admin, 'idempotency-key': `drift-${id}` };
      await send(call, { headers });
      const replay = await send(call, { headers });
      expect(replay.answer.headers.get('idempotent-replayed'), id).toBe('true');
      expect(replay.drift).toEqual([]);
      const reused = await send(call, { headers, json: { ...(call.json as object), name: 'Another request' } });
      expect(reused.answer.status, reused.answer.text).toBe(422);
      expect(reused.drift).toEqual([]);
    }
  });

  // Last: the limit is switched to one request per credential, so that every operation gets its 429.
  it('every operation: 429 over the per-credential rate limit, with Retry-After and the RateLimit fields', async () => {
    server.reference.pipeline.limitRate({ limit: 1, windowSeconds: 3600 });
    await send(callOf('organizations.get'));
    for (const call of calls) {
      const { answer, drift } = await send(call);
      expect(answer.status, `${call.id}: ${answer.text}`).toBe(429);
      expect(answer.headers.get('retry-after'), call.id).toBe('3600');
      expect(drift).toEqual([]);
    }
  });
});
