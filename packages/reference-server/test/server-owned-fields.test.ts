import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { org1 } from './support/demo.js';
import { operationCalls } from './support/operations.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { CalendarEntry, Problem } from '@medsched/sdk';

// Each test starts medsched-server processes on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * Fields only the server sets are the server's (issue 19): calendar entries ignore them on
 * create, replace and update (so that GET → edit → POST works) and never store them as sent;
 * every other write refuses them with 400 naming the field. Over HTTP, against the built bin.
 */
let server: ServerProcess;
let origin: string;
const staff = { 'x-api-key': org1.user.apiKey, 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startServerBin(['--port', '0', '--seed', 'demo']);
  origin = new URL(server.url).origin;
});
afterAll(() => server?.kill());

async function send<Body = unknown>(method: string, path: string, json: unknown, headers: Record<string, string> = staff) {
  const response = await fetch(`${origin}${path}`, { method, headers, body: JSON.stringify(json) });
  return { status: response.status, body: (await response.json()) as Body };
}

const forged = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  userId: org1.patient2.userId,
  title: 'forged title',
  description: 'forged description',
  startTime: '03:00',
  endTime: '03:30',
  baked: true,
  bakedAt: '2020-01-01T00:00:00.000Z',
  seriesId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  createdAt: '2020-01-01T00:00:00.000Z',
  updatedAt: '2020-01-01T00:00:00.000Z',
};

function expectNotForged(entry: Record<string, unknown>) {
  expect(entry.id).not.toBe(forged.id);
  expect(entry.userId).toBe(org1.patient.userId);
  expect(entry.title).toBe('Real name');
  expect(entry.description).toBe('');
  expect(entry.startTime).toBe('12:00');
  expect(entry.baked).toBe(false);
  expect(entry).not.toHaveProperty('bakedAt');
  expect(entry.seriesId).toBeNull();
  expect(entry.createdAt).not.toBe(forged.createdAt);
  expect(entry.updatedAt).not.toBe(forged.updatedAt);
}

describe('calendar entries: server-owned fields are ignored, never stored', () => {
  let id: string;

  it('create', async () => {
    const created = await send<CalendarEntry>('POST', '/v1/calendars/', { ...forged, patient: org1.patient.userId, name: 'Real name', date: '2026-02-10', timeCategory: 'noon' });
    expect(created.status).toBe(201);
    expectNotForged(created.body);
    id = created.body.id;
  });

  it('update (PATCH)', async () => {
    const patched = await send<CalendarEntry>('PATCH', `/v1/calendars/${id}`, { ...forged });
    expect(patched.status).toBe(200);
    expectNotForged(patched.body);
  });

  it('replace (POST /calendars/{id})', async () => {
    const replaced = await send<CalendarEntry>('POST', `/v1/calendars/${id}`, { ...forged, name: 'Real name', timeCategory: 'noon' });
    expect(replaced.status).toBe(200);
    expectNotForged(replaced.body);
  });

  it('as stored: a read and an unbaked bake range show no bake', async () => {
    const response = await fetch(`${origin}/v1/calendars/${id}`, { headers: { 'x-api-key': org1.user.apiKey } });
    expectNotForged((await response.json()) as Record<string, unknown>);
    const bake = await fetch(`${origin}/v1/calendars/bake?patient=${org1.patient.userId}&from=2026-02-10&to=2026-02-10`, { headers: { 'x-api-key': org1.user.apiKey } });
    expect(((await bake.json()) as { data: unknown[] }).data).toEqual([]);
  });
});

describe('other writes: a server-owned field is 400 naming it, and nothing changes', () => {
  const writes = operationCalls('admin').filter((call) => call.json !== undefined && !call.id.startsWith('calendars.') && !call.id.startsWith('bake.'));

  it.each(writes.flatMap((call) => ['id', 'createdAt', 'updatedAt'].map((field) => [call.id, field, call] as const)))('%s with %s', async (_id, field, call) => {
    const answer = await send(
      call.method,
      call.path,
      { ...(call.json as object), [field]: field === 'id' ? 'aaaaaaaaaaaaaaaaaaaaaaaa' : '2020-01-01T00:00:00.000Z' },
      { 'x-api-key': org1.admin.apiKey, 'content-type': 'application/json' },
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify((answer.body as Problem).errors)).toContain(field);
  });
});
