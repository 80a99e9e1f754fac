/**
 * iterate() is complete while others write: a list served like the reference server (sorted by
 * the sortBy asked, then id; offset and limit; Link and X-Total-Count) that changes between every
 * two page reads. Every record that exists throughout the walk is yielded exactly once; none twice.
 * Seeded random cases, so that a failure names its seed.
 */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../src/index.js';
import { BASE, calendarEntry, ids } from './support/fixtures.js';
import { sequence } from './support/record.js';
import { testClient, useServer } from './support/server.js';

useServer();
const client = testClient();

/** A small seeded generator (mulberry32): the same seed, the same case. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (n: number) => n.toString(16).padStart(24, '0');
const at = (second: number) => new Date(Date.UTC(2026, 10, 1) + second * 1000).toISOString();

function compare(a: CalendarEntry, b: CalendarEntry): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A list that, before each page after the first, removes up to `maxRemovals` random records and
 * adds some: most at the end (a new createdAt), some at random places (a deployment whose
 * createdAt comes from elsewhere), some sharing a createdAt with others (ties broken by id).
 */
function changingList(seed: number, size: number, maxRemovals: number) {
  const next = random(seed);
  let nextId = 1;
  let clock = 0;
  const make = (second: number) => calendarEntry({ id: hex(0x10_0000 + ((nextId++ * 7919) % 0x10_0000)), createdAt: at(second), updatedAt: at(second) });
  const live: CalendarEntry[] = [];
  for (let i = 0; i < size; i++) live.push(make((clock += Math.floor(next() * 2)))); // ties: half share a second
  const initial = new Set(live.map((entry) => entry.id));
  const removed = new Set<string>();
  let reads = 0;
  const limitOf = (query: Record<string, string>) => Number(query.limit ?? 50);
  const calls = sequence((_, request) => {
    if (reads++ > 0) {
      const removals = Math.floor(next() * (maxRemovals + 1));
      for (let i = 0; i < removals && live.length > 0; i++) removed.add(live.splice(Math.floor(next() * live.length), 1)[0]!.id);
      // Fewer additions per read than a page holds: a walk can only end if it outruns the writers.
      const additions = Math.floor(next() * Math.ceil(limitOf(request.query) / 2));
      for (let i = 0; i < additions; i++) live.push(make(next() < 0.7 ? (clock += 1) : Math.floor(next() * clock)));
    }
    live.sort(compare);
    const limit = limitOf(request.query);
    const offset = request.query.offset !== undefined ? Number(request.query.offset) : (Number(request.query.page ?? 1) - 1) * limit;
    const next_ = offset + limit < live.length ? `<${BASE}/calendars/?limit=${limit}&offset=${offset + limit}>; rel="next"` : '';
    return HttpResponse.json(live.slice(offset, offset + limit) as never, { headers: { 'x-total-count': String(live.length), link: next_ } });
  });
  /** Records that existed from the first read to the last. */
  const throughout = () => [...initial].filter((id) => !removed.has(id));
  return { calls, throughout };
}

describe('iterate() while others write', () => {
  it('yields every record that exists throughout exactly once, in order, over 40 seeded cases', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const shape = random(seed * 31);
      const size = Math.floor(shape() * 150);
      const pageSize = 2 + Math.floor(shape() * 30);
      const list = changingList(seed, size, Math.floor(shape() * pageSize * 1.5));
      const yielded: CalendarEntry[] = [];
      for await (const entry of client.calendars.iterate({ patient: ids.patient, limit: pageSize })) yielded.push(entry);
      const counts = new Map<string, number>();
      for (const entry of yielded) counts.set(entry.id, (counts.get(entry.id) ?? 0) + 1);
      const context = `seed ${seed}, ${size} records, pages of ${pageSize}`;
      expect(
        [...counts].filter(([, count]) => count > 1),
        `${context}: yielded twice`,
      ).toEqual([]);
      expect(
        list.throughout().filter((id) => !counts.has(id)),
        `${context}: missed`,
      ).toEqual([]);
      for (let i = 1; i < yielded.length; i++) expect(compare(yielded[i - 1]!, yielded[i]!), `${context}: out of order`).toBeLessThan(0);
    }
  });

  it('reads again from further back when more were removed than a page overlaps', async () => {
    const list = changingList(7, 200, 60);
    const yielded = new Set<string>();
    for await (const entry of client.calendars.iterate({ patient: ids.patient, limit: 20 })) yielded.add(entry.id);
    expect(list.throughout().filter((id) => !yielded.has(id))).toEqual([]);
    // Some page was read twice, from further back: the walk noticed that it had lost its place.
    const starts = list.calls.map((call) => Number(call.query.offset));
    expect(starts.some((start, i) => i > 0 && start < starts[i - 1]!)).toBe(true);
  });

  it('users answered without createdAt (as the interface lists them) are walked by id; a sortBy asked on a missing field is refused, not skipped', async () => {
    const calls = sequence((_, request) => {
      const all = [
        { id: hex(1), name: 'A', email: null },
        { id: hex(2), name: 'B', email: null },
      ];
      return HttpResponse.json(all.slice(Number(request.query.offset), Number(request.query.offset) + Number(request.query.limit)) as never);
    });
    const names: string[] = [];
    for await (const user of client.users.iterate({ organization: ids.organization })) names.push(user.name);
    expect(names).toEqual(['A', 'B']);
    expect(calls.map((call) => call.query.sortBy)).toEqual(['createdAt,id', 'id']);
    const walk = async () => {
      for await (const _ of client.users.iterate({ organization: ids.organization, sortBy: 'updatedAt' })) {
        // walk
      }
    };
    await expect(walk()).rejects.toMatchObject({ code: 'walk_order_unknown', message: expect.stringMatching(/carries no updatedAt.*sortBy: 'id'/) as unknown });
  });
});
