import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { clientFor, raw, startTestServer, withKey } from './support/server.js';
import type { CalendarEntry } from '@medsched/sdk';

let server: RunningServer;
let staff: ReturnType<typeof clientFor>;
const headers = () => withKey(org1.user.apiKey);

beforeAll(async () => {
  server = await startTestServer();
  staff = clientFor(server, { apiKey: org1.user.apiKey });
});
afterAll(() => server.close());

describe('pagination', () => {
  it('defaults: limit 50, page 1; X-Total-Count and absolute Link', async () => {
    const answer = await raw(server, 'GET', '/v1/calendars/', { headers: headers() });
    expect(answer.body).toHaveLength(12);
    expect(answer.headers.get('x-total-count')).toBe('12');
    expect(answer.headers.get('link')).toBe(`<${server.url}/calendars/?limit=50&offset=0>; rel="first", <${server.url}/calendars/?limit=50&offset=0>; rel="last"`);
  });

  it('page, offset (wins over page) and first/prev/next/last', async () => {
    const page2 = await raw(server, 'GET', '/v1/calendars/?limit=5&page=2&name=tablet', { headers: headers() });
    expect(page2.headers.get('x-total-count')).toBe('8');
    expect(page2.body).toHaveLength(3);
    const links = page2.headers.get('link')!;
    expect(links).toContain(`<${server.url}/calendars/?limit=5&name=tablet&offset=0>; rel="first"`);
    expect(links).toContain(`<${server.url}/calendars/?limit=5&name=tablet&offset=0>; rel="prev"`);
    expect(links).not.toContain('rel="next"');
    expect(links).toContain(`<${server.url}/calendars/?limit=5&name=tablet&offset=5>; rel="last"`);
    const byOffset = await raw<CalendarEntry[]>(server, 'GET', '/v1/calendars/?limit=5&offset=1&page=3', { headers: headers() });
    expect(byOffset.body[0]!.id).toBe((await raw<CalendarEntry[]>(server, 'GET', '/v1/calendars/', { headers: headers() })).body[1]!.id);
  });

  it('the SDK walks every page', async () => {
    const page = await staff.calendars.list({ limit: 5 });
    expect(page.total).toBe(12);
    expect(page.hasMore).toBe(true);
    const all: string[] = [];
    for await (const entry of page) all.push(entry.id);
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
  });

  it('bounds: limit 1..100000, offset 0..100000, page 1..100000, integers only', async () => {
    for (const query of ['limit=0', 'limit=100001', 'offset=-1', 'offset=100001', 'page=0', 'page=1.5', 'limit=abc']) {
      expect((await raw(server, 'GET', `/v1/calendars/?${query}`, { headers: headers() })).status, query).toBe(400);
    }
    for (const query of ['limit=100000', 'offset=100000', 'page=100000', 'limit=1']) {
      expect((await raw(server, 'GET', `/v1/calendars/?${query}`, { headers: headers() })).status, query).toBe(200);
    }
  });
});

describe('filters and sorting', () => {
  it('calendars: search over title and description, name over title, role of the patient, patient', async () => {
    expect((await staff.calendars.list({ search: 'BREAKFAST' })).items.every((entry) => entry.description === 'Before breakfast')).toBe(true);
    expect((await staff.calendars.list({ search: 'BREAKFAST' })).total).toBe(4);
    expect((await staff.calendars.list({ name: 'daily' })).total).toBe(4);
    expect((await staff.calendars.list({ role: 'onlyself' })).items.every((entry) => entry.userId === org1.onlyself.userId)).toBe(true);
    expect((await staff.calendars.list({ role: 'onlyself' })).total).toBe(3);
    expect((await staff.calendars.list({ patient: org1.patient2.userId })).total).toBe(3);
  });

  it('calendars: sortBy with directions and several keys; default createdAt then id', async () => {
    const byDate = (await staff.calendars.list({ sortBy: 'date:desc,startTime' })).items;
    const keys = byDate.map((entry) => `${entry.date} ${entry.startTime}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a.slice(0, 10) === b.slice(0, 10) ? a.localeCompare(b) : b.localeCompare(a))));
    const byDefault = (await staff.calendars.list()).items.map((entry) => entry.createdAt);
    expect(byDefault).toEqual([...byDefault].sort());
  });

  it('users: role, name, search (name and e-mail), sortBy', async () => {
    expect((await staff.users.list({ organization: org1.id, role: 'patient' })).total).toBe(3);
    expect((await staff.users.list({ organization: org1.id, name: 'adler' })).items.map((user) => user.email)).toEqual(['admin@sonnen.example']);
    expect((await staff.users.list({ organization: org1.id, search: 'onlyself@' })).total).toBe(1);
    const names = (await staff.users.list({ organization: org1.id, sortBy: 'name:desc' })).items.map((user) => user.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('users: organization is required', async () => {
    expect((await raw(server, 'GET', '/v1/users/', { headers: headers() })).status).toBe(400);
  });
});
