/** Pages (items, total, hasMore, next), a Page's iterator that follows Link headers, and iterate()'s overlapping walk. */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InternalServerError, Page, parseLinkHeader, type CalendarEntry, type User } from '../src/index.js';
import { BASE, calendarEntry, ids, user } from './support/fixtures.js';
import { sequence, type Recorded } from './support/record.js';
import { problemResponse, testClient, useServer } from './support/server.js';

useServer();
const client = testClient();

const hex = (n: number) => n.toString(16).padStart(24, '0');

/** 120 entries of one patient, plus a few of another patient that the filter must keep out. */
const entries: CalendarEntry[] = Array.from({ length: 120 }, (_, i) => calendarEntry({ id: hex(0x1000 + i), title: `Entry ${i + 1}`, date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}` }));
const otherEntries: CalendarEntry[] = Array.from({ length: 7 }, (_, i) => calendarEntry({ id: hex(0x2000 + i), userId: ids.otherPatient, patient: ids.otherPatient }));

const users: User[] = Array.from({ length: 23 }, (_, i) => user({ id: hex(0x3000 + i), name: `Patient ${i + 1}`, email: `p${i + 1}@example.org` }));

type LinkStyle = 'page' | 'offset' | 'bare';

/**
 * Serves `records` like the reference server: `limit` (default 50), `page` or `offset`, a
 * filter, `X-Total-Count` and an RFC 8288 Link header with first, prev, next and last.
 * `bare` links carry only the paging parameters, so the SDK must keep the filters itself.
 */
function listServer<T>(records: (query: Record<string, string>) => T[], path: string, style: LinkStyle = 'page'): Recorded[] {
  return sequence((_, request) => {
    const query = request.query;
    const all = records(query);
    const limit = Number(query.limit ?? 50);
    const offset = query.offset !== undefined ? Number(query.offset) : (Number(query.page ?? 1) - 1) * limit;
    const items = all.slice(offset, offset + limit);
    const link = (at: number, rel: string) => {
      const params = new URLSearchParams(style === 'bare' ? {} : Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'page' && k !== 'offset')));
      params.set('limit', String(limit));
      if (style === 'offset') params.set('offset', String(at));
      else params.set('page', String(Math.floor(at / limit) + 1));
      return `<${BASE}${path}?${params}>; rel="${rel}"`;
    };
    const lastOffset = Math.max(0, Math.floor((all.length - 1) / limit) * limit);
    const links = [link(0, 'first'), link(lastOffset, 'last')];
    if (offset > 0) links.push(link(Math.max(0, offset - limit), 'prev'));
    if (offset + limit < all.length) links.push(link(offset + limit, 'next'));
    return HttpResponse.json(items as never, { headers: { 'x-total-count': String(all.length), link: links.join(', ') } });
  });
}

const calendarRecords = (query: Record<string, string>) => [...entries, ...otherEntries].filter((entry) => query.patient === undefined || entry.userId === query.patient);

describe('list: one page', () => {
  it('returns the items, total from X-Total-Count and hasMore from Link rel=next', async () => {
    listServer(calendarRecords, '/calendars/');
    const page = await client.calendars.list({ patient: ids.patient });
    expect(page).toBeInstanceOf(Page);
    expect(page.items).toEqual(entries.slice(0, 50));
    expect(page.total).toBe(120);
    expect(page.hasMore).toBe(true);
    expect(page.nextQuery).toMatchObject({ page: '2', limit: '50' });
  });

  it('the last page has no more', async () => {
    listServer(calendarRecords, '/calendars/');
    const page = await client.calendars.list({ patient: ids.patient, page: 3 });
    expect(page.items).toEqual(entries.slice(100, 120));
    expect(page.hasMore).toBe(false);
    expect(page.nextQuery).toBeUndefined();
    await expect(page.next()).resolves.toBeUndefined();
  });

  it('without X-Total-Count or Link: total undefined, no more', async () => {
    sequence(() => HttpResponse.json([calendarEntry()]));
    const page = await client.calendars.list();
    expect(page.total).toBeUndefined();
    expect(page.hasMore).toBe(false);
  });

  it('an unreadable X-Total-Count is ignored', async () => {
    sequence(() => HttpResponse.json([calendarEntry()], { headers: { 'x-total-count': 'many' } }));
    expect((await client.calendars.list()).total).toBeUndefined();
  });

  it('an empty page never claims more (no endless loop on a bad Link)', async () => {
    sequence(() => HttpResponse.json([], { headers: { link: `<${BASE}/calendars/?page=2>; rel="next"` } }));
    const page = await client.calendars.list();
    expect(page.hasMore).toBe(false);
    await expect(page.next()).resolves.toBeUndefined();
  });

  it('page.next() fetches the following page with the same filters', async () => {
    const calls = listServer(calendarRecords, '/calendars/');
    const first = await client.calendars.list({ patient: ids.patient, search: 'entry', sortBy: 'date:asc' });
    const second = await first.next();
    expect(second).toBeInstanceOf(Page);
    expect(second!.items).toEqual(entries.slice(50, 100));
    expect(second!.hasMore).toBe(true);
    expect(calls[1]!.query).toEqual({ patient: ids.patient, search: 'entry', sortBy: 'date:asc', limit: '50', page: '2' });
    const third = await second!.next();
    expect(third!.items).toEqual(entries.slice(100));
    expect(third!.hasMore).toBe(false);
    await expect(third!.next()).resolves.toBeUndefined();
    expect(calls).toHaveLength(3);
  });
});

describe('iterate: every page, overlapping and re-anchored', () => {
  it('for await walks all 120 entries in createdAt,id order, keeping the patient filter', async () => {
    const calls = listServer(calendarRecords, '/calendars/');
    const seen: CalendarEntry[] = [];
    for await (const entry of client.calendars.iterate({ patient: ids.patient })) seen.push(entry);
    expect(seen).toEqual(entries);
    // Without a limit, pages of 1,000: all 120 in one read.
    expect(calls.map((c) => [c.query.offset, c.query.limit])).toEqual([['0', '1000']]);
    expect(calls.map((c) => c.query.patient)).toEqual([ids.patient]);
    expect(calls.every((c) => c.query.sortBy === 'createdAt,id' && c.path === '/calendars/')).toBe(true);
  });

  it("keeps the filters and the caller's sort, with id as the tie-break", async () => {
    const calls = listServer(calendarRecords, '/calendars/', 'bare');
    let count = 0;
    for await (const entry of client.calendars.iterate({ patient: ids.patient, search: 'entry', sortBy: 'createdAt:asc' })) {
      expect(entry.userId).toBe(ids.patient);
      count++;
    }
    expect(count).toBe(120);
    for (const call of calls) expect(call.query).toMatchObject({ patient: ids.patient, search: 'entry', sortBy: 'createdAt,id' });
  });

  it('honours a caller limit as the page size: 120 entries in pages of 40 (plus the anchor)', async () => {
    const calls = listServer(calendarRecords, '/calendars/');
    const seen: string[] = [];
    for await (const entry of client.calendars.iterate({ patient: ids.patient, limit: 40 })) seen.push(entry.id);
    expect(seen).toEqual(entries.map((e) => e.id));
    expect(calls[0]!.query.limit).toBe('40');
    expect(calls.map((c) => [c.query.offset, c.query.limit])).toEqual([
      ['0', '40'],
      ['39', '41'],
      ['79', '41'],
      ['119', '41'],
    ]);
  });

  it('refuses a start offset or page, which would make the walk incomplete', async () => {
    const calls = listServer(calendarRecords, '/calendars/');
    const walk = async () => {
      for await (const _ of client.calendars.iterate({ patient: ids.patient, page: 2 })) break;
    };
    await expect(walk()).rejects.toMatchObject({ code: 'invalid_options', message: expect.stringMatching(/use list\(\)/) as unknown });
    expect(calls).toHaveLength(0);
  });

  it('stops fetching when the loop breaks', async () => {
    const calls = listServer(calendarRecords, '/calendars/');
    let count = 0;
    for await (const _ of client.calendars.iterate({ patient: ids.patient })) if (++count === 10) break;
    expect(calls).toHaveLength(1);
  });

  it('sends per-call options (headers) with every page', async () => {
    const calls = listServer(calendarRecords, '/calendars/');
    for await (const _ of client.calendars.iterate({ patient: ids.patient, limit: 100 }, { headers: { 'x-tenant-hint': 'linden' } })) {
      // walk
    }
    expect(calls.map((c) => c.headers.get('x-tenant-hint'))).toEqual(['linden', 'linden']);
  });

  it('a failing later page raises after the earlier pages were yielded', async () => {
    let served = 0;
    sequence((n, request) => {
      served = n;
      if (n === 2) return problemResponse(500, 'internal');
      return HttpResponse.json(entries.slice(0, 50), { headers: { link: `<${BASE}/calendars/?page=2&patient=${request.query.patient}>; rel="next"` } });
    });
    const seen: string[] = [];
    let error: unknown;
    try {
      for await (const entry of client.calendars.iterate({ patient: ids.patient, limit: 50 }, { maxRetries: 0 })) seen.push(entry.id);
    } catch (caught) {
      error = caught;
    }
    expect(seen).toHaveLength(50);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(served).toBe(2);
  });

  it('users.iterate walks every user of the organization', async () => {
    const calls = listServer(() => users, '/users/');
    const seen: User[] = [];
    for await (const u of client.users.iterate({ organization: ids.organization, role: 'patient', limit: 10 })) seen.push(u);
    expect(seen).toEqual(users);
    // These users carry no createdAt (as the interface lists users): after the first page the walk starts again by id.
    expect(calls.map((c) => [c.query.offset, c.query.sortBy])).toEqual([
      ['0', 'createdAt,id'],
      ['0', 'id'],
      ['9', 'id'],
      ['19', 'id'],
    ]);
    for (const call of calls) {
      expect(call.path).toBe('/users/');
      expect(call.query).toMatchObject({ organization: ids.organization, role: 'patient' });
    }
  });

  it('a Page is itself async-iterable from that page on', async () => {
    listServer(() => users, '/users/');
    const page = await client.users.list({ organization: ids.organization, limit: 10, page: 2 });
    const names: string[] = [];
    for await (const u of page) names.push(u.name);
    expect(names).toEqual(users.slice(10).map((u) => u.name));
  });
});

describe('parseLinkHeader', () => {
  it('reads the usual first/prev/next/last', () => {
    const header =
      '<https://api.medsched.test/v1/calendars/?page=1&limit=50>; rel="first", <https://api.medsched.test/v1/calendars/?page=1&limit=50>; rel="prev", ' +
      '<https://api.medsched.test/v1/calendars/?page=3&limit=50>; rel="next", <https://api.medsched.test/v1/calendars/?page=3&limit=50>; rel="last"';
    expect(parseLinkHeader(header)).toEqual({
      first: 'https://api.medsched.test/v1/calendars/?page=1&limit=50',
      prev: 'https://api.medsched.test/v1/calendars/?page=1&limit=50',
      next: 'https://api.medsched.test/v1/calendars/?page=3&limit=50',
      last: 'https://api.medsched.test/v1/calendars/?page=3&limit=50',
    });
  });

  it('is empty for null, empty or garbage', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
    expect(parseLinkHeader('not a link header')).toEqual({});
    expect(parseLinkHeader('<https://x.test/a>')).toEqual({}); // no rel
  });

  it('accepts unquoted rels, any case, extra parameters and odd spacing', () => {
    expect(parseLinkHeader('<https://x.test/?page=2>;rel=next')).toEqual({ next: 'https://x.test/?page=2' });
    expect(parseLinkHeader('<https://x.test/?page=2>; REL="Next"')).toEqual({ next: 'https://x.test/?page=2' });
    expect(parseLinkHeader('<https://x.test/?page=2>; type="application/json"; title="Page two"; rel="next"')).toEqual({ next: 'https://x.test/?page=2' });
    expect(parseLinkHeader('  <https://x.test/?page=2>  ;  rel="next"  ,  <https://x.test/?page=9> ; rel="last"  ')).toEqual({
      next: 'https://x.test/?page=2',
      last: 'https://x.test/?page=9',
    });
  });

  it('splits space-separated rels', () => {
    expect(parseLinkHeader('<https://x.test/?page=3>; rel="next last"')).toEqual({ next: 'https://x.test/?page=3', last: 'https://x.test/?page=3' });
  });

  it('keeps commas inside a URL', () => {
    expect(parseLinkHeader('<https://x.test/?sortBy=date,title&page=2>; rel="next", <https://x.test/?page=1>; rel="first"')).toEqual({
      next: 'https://x.test/?sortBy=date,title&page=2',
      first: 'https://x.test/?page=1',
    });
  });

  it('accepts relative references', () => {
    const links = parseLinkHeader('</v1/calendars/?page=2>; rel="next"');
    expect(links.next).toBe('/v1/calendars/?page=2');
  });
});
