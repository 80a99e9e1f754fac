/** The calendar and bake operations: method, path, query, body, success status and the typed answer (the others: resources.test.ts). */
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { calendarEntryInput, CalendarEntry, Page, unknownFields, type BakeResult } from '../src/index.js';
import { BASE, bakeResult, calendarEntry, ids } from './support/fixtures.js';
import { answerAll } from './support/record.js';
import { testClient, useServer } from './support/server.js';

const server = useServer();
const client = testClient();

describe('calendars', () => {
  it('list: GET /calendars/ with the filters in the query string, one page back', async () => {
    const entries = [calendarEntry(), calendarEntry({ id: '65a1f0c2e4b0a1b2c3d4e611', date: '2026-11-24' })];
    const calls = answerAll(entries, { headers: { 'x-total-count': '2' } });
    const page = await client.calendars.list({ patient: ids.patient, limit: 20, page: 2, sortBy: 'date:desc,startTime', search: 'metf' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe('/calendars/');
    expect(calls[0]!.query).toEqual({ patient: ids.patient, limit: '20', page: '2', sortBy: 'date:desc,startTime', search: 'metf' });
    expect(calls[0]!.body).toBeUndefined();
    expect(page).toBeInstanceOf(Page);
    expect(page.items).toEqual(entries);
    expect(page.total).toBe(2);
    expect(page.hasMore).toBe(false);
    expectTypeOf(page.items).toEqualTypeOf<CalendarEntry[]>();
  });

  it('list without a query sends no query string', async () => {
    const calls = answerAll([]);
    const page = await client.calendars.list();
    expect(calls[0]!.url.search).toBe('');
    expect(page.items).toEqual([]);
  });

  it('create: POST /calendars/, 201, extra keys at the top level of the body and back through unknownFields()', async () => {
    const calls = answerAll(calendarEntry({ pharmacyNote: 'blister 3' }), { status: 201 });
    const known = { patient: ids.patient, name: 'Metformin 500', date: '2026-11-23', intakeTime: '08:00', rrule: 'FREQ=DAILY' };
    const entry = await client.calendars.create({ ...known, extra: { pharmacyNote: 'blister 3' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/calendars/');
    expect(calls[0]!.body).toEqual({ ...known, pharmacyNote: 'blister 3' });
    expect(entry).toEqual(calendarEntry({ pharmacyNote: 'blister 3' }));
    expect(unknownFields(CalendarEntry, entry)).toEqual({ pharmacyNote: 'blister 3' });
    expect(calendarEntryInput(entry).extra).toEqual({ pharmacyNote: 'blister 3' });
    expectTypeOf(entry).toEqualTypeOf<CalendarEntry>();
  });

  it('get: GET /calendars/{calendarId}', async () => {
    let seen: string | undefined;
    server.use(
      http.get(`${BASE}/calendars/:calendarId`, ({ params }) => {
        seen = params.calendarId as string;
        return HttpResponse.json(calendarEntry());
      }),
    );
    const entry = await client.calendars.get(ids.calendar);
    expect(seen).toBe(ids.calendar);
    expect(entry).toEqual(calendarEntry());
    expectTypeOf(entry).toEqualTypeOf<CalendarEntry>();
  });

  it('replace: POST /calendars/{calendarId} with the whole entry', async () => {
    const calls = answerAll(calendarEntry({ title: 'Metformin 850' }));
    const body = { patient: ids.patient, name: 'Metformin 850', date: '2026-11-23', amount: 1, emptyStomach: '' as const };
    const entry = await client.calendars.replace(ids.calendar, body);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe(`/calendars/${ids.calendar}`);
    expect(calls[0]!.body).toEqual(body);
    expect(entry.title).toBe('Metformin 850');
  });

  it('update: PATCH /calendars/{calendarId} with only the changed fields', async () => {
    const calls = answerAll(calendarEntry({ amount: 2 }));
    const entry = await client.calendars.update(ids.calendar, { amount: 2 });
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.path).toBe(`/calendars/${ids.calendar}`);
    expect(calls[0]!.body).toEqual({ amount: 2 });
    expect(entry.amount).toBe(2);
  });
});

describe('calendars.bake', () => {
  it('get: GET /calendars/bake with patient, from and to in the query', async () => {
    const calls = answerAll(bakeResult());
    const result = await client.calendars.bake.get({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe('/calendars/bake');
    expect(calls[0]!.query).toEqual({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24' });
    expect(calls[0]!.body).toBeUndefined();
    expect(result).toEqual(bakeResult());
    expectTypeOf(result).toEqualTypeOf<BakeResult>();
  });

  it('create: POST /calendars/bake with a JSON body', async () => {
    const calls = answerAll(bakeResult());
    const result = await client.calendars.bake.create({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24T23:59:59.000Z' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/calendars/bake');
    expect(calls[0]!.url.search).toBe('');
    expect(calls[0]!.body).toEqual({ patient: ids.patient, from: '2026-11-23', to: '2026-11-24T23:59:59.000Z' });
    expect(result.alarms).toHaveLength(2);
    expect(result.allAlarms).toEqual([[480], [480]]);
  });

  it('create for all patients of an organization', async () => {
    const calls = answerAll(bakeResult());
    await client.calendars.bake.create({ organization: ids.organization, updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' });
    expect(calls[0]!.body).toEqual({ organization: ids.organization, updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' });
  });

  it('delete: DELETE /calendars/bake with the range in the query, reverted entries back', async () => {
    const reverted = [calendarEntry({ baked: false })];
    const calls = answerAll(reverted);
    const result = await client.calendars.bake.delete({ patient: ids.patient, from: '2026-11-23', to: '2026-11-29' });
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.path).toBe('/calendars/bake');
    expect(calls[0]!.query).toEqual({ patient: ids.patient, from: '2026-11-23', to: '2026-11-29' });
    expect(calls[0]!.body).toBeUndefined();
    expect(result).toEqual(reverted);
    expectTypeOf(result).toEqualTypeOf<CalendarEntry[]>();
  });
});
