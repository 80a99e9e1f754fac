import fc from 'fast-check';
import { operations } from '@medsched/sdk/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractFields, prototypeNames, type ContractField } from './support/contract-fields.js';
import { org1 } from './support/demo.js';
import { operationCalls, type OperationCall } from './support/operations.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { PdfLink, Problem } from '@medsched/sdk';

// Each test starts medsched-server processes on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * No lookup keyed by client input reaches a prototype (issue 19): the names of Object.prototype's
 * members, in every field of every operation of the contract, are answered 2xx or 4xx, never
 * 5xx; nothing poisoned is stored; and lists, bakes and plans still work afterwards. Against the
 * built `medsched-server` as a process, over HTTP.
 */
let server: ServerProcess;
let origin: string;
const admin = { 'x-api-key': org1.admin.apiKey };
const baseCalls = new Map(operationCalls('admin').map((call) => [call.id, call]));

beforeAll(async () => {
  server = await startServerBin(['--port', '0', '--seed', 'demo']);
  origin = new URL(server.url).origin;
});
afterAll(() => server?.kill());

async function send<Body = unknown>(method: string, path: string, json?: unknown, headers: Record<string, string> = admin) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, text, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as Body };
}

/** The operation's ordinary request with one field set to `value` (or, for `$key`, an extra key named `value`). */
function requestWith(field: ContractField | { operation: ContractField['operation']; place: 'body'; path: ['$key'] }, value: string): OperationCall {
  const base = baseCalls.get(field.operation)!;
  const [pathPart, search = ''] = base.path.split('?');
  let path = pathPart!;
  const query = new URLSearchParams(search);
  let json = base.json === undefined ? undefined : (structuredClone(base.json) as Record<string, unknown>);
  if (field.place === 'params') {
    path = `/v1${operations[field.operation].path.replace(/\{\w+\}/, encodeURIComponent(value))}`;
  } else if (field.place === 'query') {
    query.set(field.path[0]!, value);
  } else if (field.path[0] === '$key') {
    json = JSON.parse(`{${JSON.stringify(value)}:"x",${JSON.stringify(json ?? {}).slice(1)}`.replace(',}', '}')) as Record<string, unknown>;
  } else {
    json ??= {};
    let target = json;
    for (const key of field.path.slice(0, -1)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[field.path.at(-1)!] = value;
  }
  const queryText = query.toString();
  return { id: field.operation, method: base.method, path: queryText ? `${path}?${queryText}` : path, ...(json !== undefined && { json }) };
}

const fields = contractFields();
const bodyOperations = [...new Set(fields.filter((field) => field.place === 'body').map((field) => field.operation))];
const targets = [...fields, ...bodyOperations.map((operation) => ({ operation, place: 'body' as const, path: ['$key'] as ['$key'] }))];

async function expectNoServerError(call: OperationCall, label: string) {
  const answer = await send(call.method, call.path, call.json);
  expect(answer.status, `${label}: ${call.method} ${call.path} ${JSON.stringify(call.json)} → ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  return answer;
}

async function expectServiceStillWorks() {
  const list = await send('GET', '/v1/calendars/?limit=1000');
  expect(list.status, list.text).toBe(200);
  for (const entry of list.body as Array<{ timeCategory?: string; startTime: string }>) {
    expect([undefined, 'morning', 'noon', 'evening', 'night']).toContain(entry.timeCategory);
    expect(entry.startTime).toMatch(/^\d\d:\d\d$/);
  }
  const users = await send('GET', `/v1/users/?organization=${org1.id}&limit=1000`);
  expect(users.status, users.text).toBe(200);
  for (const user of users.body as Array<{ role: string }>) expect(['admin', 'user', 'patient', 'onlyself']).toContain(user.role);
  const bake = await send('POST', '/v1/calendars/bake', { updateAllPatients: true, from: '2026-01-05', to: '2026-03-31' });
  expect(bake.status, bake.text).toBe(200);
  const plan = `https://app.medsched.test/patients/${org1.patient.userId}/plan?from=2026-02-01&to=2026-02-07`;
  const signed = await send<PdfLink>('GET', `/v1/pdf/?urlPath=${encodeURIComponent(plan)}`);
  expect(signed.status, signed.text).toBe(200);
  const pdf = await fetch(signed.body.signed);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
}

describe('prototype member names as input', () => {
  it('the contract has fields in every operation that takes input', () => {
    expect(targets.length).toBeGreaterThan(100);
    expect(new Set(fields.map((field) => field.operation)).size).toBe(Object.keys(operations).length);
  });

  it.each(['create', 'patch', 'replace'])('timeCategory on %s: 400 naming the field for every prototype name, in any case; nothing stored', async (how) => {
    const before = await send('GET', `/v1/calendars/?patient=${org1.patient2.userId}&limit=1000`);
    for (const name of [...prototypeNames, 'Constructor', '__PROTO__', 'TOSTRING']) {
      const body = { patient: org1.patient2.userId, name: `poison ${name}`, date: '2026-02-02', timeCategory: name };
      const answer =
        how === 'create'
          ? await send('POST', '/v1/calendars/', body)
          : how === 'patch'
            ? await send('PATCH', `/v1/calendars/${org1.entryOf.patient2}`, { timeCategory: name })
            : await send('POST', `/v1/calendars/${org1.entryOf.patient2}`, body);
      expect(answer.status, answer.text).toBe(400);
      expect((answer.body as Problem).errors).toEqual([expect.objectContaining({ path: 'timeCategory' })]);
    }
    const after = await send('GET', `/v1/calendars/?patient=${org1.patient2.userId}&limit=1000`);
    expect(after.text).toBe(before.text);
  });

  it('every field of every operation, with every name: 2xx or 4xx, never 5xx; list, bake and plan work after', async () => {
    for (const target of targets) {
      for (const name of prototypeNames) await expectNoServerError(requestWith(target, name), `${target.operation} ${target.place}.${target.path.join('.')}`);
    }
    await expectServiceStillWorks();
  }, 120_000);

  it('property: any field, a prototype name in any mix of case, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), fc.mixedCase(fc.constantFrom(...prototypeNames)), async (target, name) => {
        await expectNoServerError(requestWith(target, name), `${target.operation} ${target.place}.${target.path.join('.')}`);
      }),
      { numRuns: 300 },
    );
    await expectServiceStillWorks();
  }, 120_000);
});
