import { ApiPromise, mapResult } from '../api-promise.js';
import { nextPageQuery, Page } from '../pagination.js';
import { checkWalkQuery, defaultWalkPageSize, walkOrder, walkPages } from '../list-walk.js';
import { calendarWireBody, CalendarEntryCreateInput, CalendarEntryReplaceInput, CalendarEntryUpdateInput, type CalendarEntry, type CalendarListQuery } from '../schemas/calendars.js';
import { calendarsCreate, calendarsGet, calendarsList, calendarsReplace, calendarsUpdate } from '../schemas/operation-definitions.js';
import { transportOf, type MedschedBaseClient } from '../base-client.js';
import type { CreateRequestOptions, RequestOptions, Transport } from '../transport.js';
import { Bake } from './bake.js';
import { Resource } from './resource.js';

/**
 * Lists one page of calendar entries (default 50, oldest first).
 * @example const page = await listCalendarEntries(client, { patient, limit: 20 }); page.items; page.total; page.hasMore;
 */
export function listCalendarEntries(client: MedschedBaseClient, query: CalendarListQuery = {}, options?: RequestOptions): ApiPromise<Page<CalendarEntry>> {
  const result = transportOf(client).call(calendarsList, { query }, options);
  return new ApiPromise(mapResult(result, (_, answer) => new Page(answer, (next) => listCalendarEntries(client, nextPageQuery(query, next), options))));
}

/**
 * Walks every matching entry, complete while others write: every entry that exists from the
 * walk's start to its end is yielded exactly once, whatever others create, update, bake, unbake
 * or delete meanwhile (entries created or deleted during the walk may or may not appear). The walk
 * sorts by `sortBy` (default `createdAt`), then `id`, reads overlapping pages (`limit` is the page
 * size, default 1,000) and re-anchors each page on the last entry yielded. With a `sortBy` on a field
 * that changes (title, date, updatedAt), an entry changed during the walk may move behind the
 * cursor and be missed: keep the default for a copy. `offset` and `page` are refused (use `list()`).
 * Lists past 100,000 matching entries cannot be walked by offset (the interface's bound): filter
 * by `patient`.
 * @example for await (const entry of iterateCalendarEntries(client, { patient })) console.log(entry.title);
 */
export async function* iterateCalendarEntries(client: MedschedBaseClient, query: CalendarListQuery = {}, options?: RequestOptions): AsyncGenerator<CalendarEntry> {
  checkWalkQuery(query, 'calendars.iterate()');
  const { limit, sortBy, ...filters } = query;
  const transport = transportOf(client);
  const read = async (offset: number, pageLimit: number, order: string) =>
    (await transport.call(calendarsList, { query: { ...filters, sortBy: order as CalendarListQuery['sortBy'], offset, limit: pageLimit } }, options)).data;
  // Pages from the walk, records from here: one async generator per record, not two (bench/paging.mjs).
  for await (const page of walkPages(read, walkOrder<CalendarEntry>(sortBy), limit ?? defaultWalkPageSize)) for (const record of page) yield record;
}

/**
 * Creates a draft entry for a patient. Known keys only (a misspelled one is refused, naming it);
 * keys the interface stores beside them go in `extra`. Retried safely: the call carries an Idempotency-Key.
 * @example await createCalendarEntry(client, { patient, name: 'Metformin 500', date: '2026-11-23', intakeTime: '08:00', rrule: 'FREQ=DAILY' });
 */
export function createCalendarEntry(client: MedschedBaseClient, body: CalendarEntryCreateInput, options?: CreateRequestOptions): ApiPromise<CalendarEntry> {
  return new ApiPromise(transportOf(client).call(calendarsCreate, { body, bodySchema: CalendarEntryCreateInput, encodeBody: calendarWireBody }, options));
}

/**
 * Gets one entry.
 * @example const entry = await getCalendarEntry(client, '65a1f0c2e4b0a1b2c3d4e5f6');
 */
export function getCalendarEntry(client: MedschedBaseClient, calendarId: string, options?: RequestOptions): ApiPromise<CalendarEntry> {
  return new ApiPromise(transportOf(client).call(calendarsGet, { params: { calendarId } }, options));
}

/**
 * Replaces a draft entry as a whole (409 when it is baked); known keys only, extra keys in `extra`.
 * From an answered entry: `replace(id, { ...calendarEntryInput(entry), amount: 2 })`.
 * @example await replaceCalendarEntry(client, id, { patient, name: 'Metformin 850', date: '2026-11-23' });
 */
export function replaceCalendarEntry(client: MedschedBaseClient, calendarId: string, body: CalendarEntryReplaceInput, options?: RequestOptions): ApiPromise<CalendarEntry> {
  return new ApiPromise(transportOf(client).call(calendarsReplace, { params: { calendarId }, body, bodySchema: CalendarEntryReplaceInput, encodeBody: calendarWireBody }, options));
}

/**
 * Changes some fields of a draft entry (409 when it is baked); known keys only, extra keys in `extra`.
 * @example await updateCalendarEntry(client, id, { amount: 2 });
 */
export function updateCalendarEntry(client: MedschedBaseClient, calendarId: string, body: CalendarEntryUpdateInput, options?: RequestOptions): ApiPromise<CalendarEntry> {
  return new ApiPromise(transportOf(client).call(calendarsUpdate, { params: { calendarId }, body, bodySchema: CalendarEntryUpdateInput, encodeBody: calendarWireBody }, options));
}

/** Calendar entries of patients, and their baking. */
export class Calendars extends Resource {
  /** Bake, read and unbake ranges: `client.calendars.bake.create(...)`. */
  readonly bake: Bake;

  constructor(client: MedschedBaseClient | Transport) {
    super(client);
    this.bake = new Bake(this.transport);
  }

  /**
   * Lists one page of calendar entries (default 50, oldest first).
   * @example const page = await client.calendars.list({ patient, limit: 20 }); page.items; page.total; page.hasMore;
   */
  list(query: CalendarListQuery = {}, options?: RequestOptions): ApiPromise<Page<CalendarEntry>> {
    return listCalendarEntries(this.client, query, options);
  }

  /**
   * Walks every matching entry, complete while others write: every entry that exists from the
   * walk's start to its end is yielded exactly once, whatever others create, update, bake, unbake
   * or delete meanwhile; entries created or deleted during the walk may or may not appear. Sorted
   * by `sortBy` (default `createdAt`), then `id`; `limit` is the page size (default 1,000). A `sortBy`
   * on a field that changes may miss an entry changed during the walk. See {@link iterateCalendarEntries}.
   * @example for await (const entry of client.calendars.iterate({ patient })) console.log(entry.title);
   */
  iterate(query: CalendarListQuery = {}, options?: RequestOptions): AsyncGenerator<CalendarEntry> {
    // The walk's own generator, not one wrapping it: each wrapper costs promise jobs per record.
    return iterateCalendarEntries(this.client, query, options);
  }

  /**
   * Creates a draft entry for a patient. Known keys only (a misspelled one is refused, naming it);
   * keys the interface stores beside them go in `extra`. Retried safely: the call carries an Idempotency-Key.
   * @example await client.calendars.create({ patient, name: 'Metformin 500', date: '2026-11-23', intakeTime: '08:00', rrule: 'FREQ=DAILY' });
   */
  create(body: CalendarEntryCreateInput, options?: CreateRequestOptions): ApiPromise<CalendarEntry> {
    return createCalendarEntry(this.client, body, options);
  }

  /**
   * Gets one entry.
   * @example const entry = await client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6');
   */
  get(calendarId: string, options?: RequestOptions): ApiPromise<CalendarEntry> {
    return getCalendarEntry(this.client, calendarId, options);
  }

  /**
   * Replaces a draft entry as a whole (409 when it is baked); known keys only, extra keys in `extra`.
   * From an answered entry: `replace(id, { ...calendarEntryInput(entry), amount: 2 })`.
   * @example await client.calendars.replace(id, { patient, name: 'Metformin 850', date: '2026-11-23' });
   */
  replace(calendarId: string, body: CalendarEntryReplaceInput, options?: RequestOptions): ApiPromise<CalendarEntry> {
    return replaceCalendarEntry(this.client, calendarId, body, options);
  }

  /**
   * Changes some fields of a draft entry (409 when it is baked); known keys only, extra keys in `extra`.
   * @example await client.calendars.update(id, { amount: 2 });
   */
  update(calendarId: string, body: CalendarEntryUpdateInput, options?: RequestOptions): ApiPromise<CalendarEntry> {
    return updateCalendarEntry(this.client, calendarId, body, options);
  }
}

export { Bake, createBake, deleteBake, getBake } from './bake.js';
