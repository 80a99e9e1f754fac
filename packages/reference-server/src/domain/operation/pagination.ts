import { listDefaults } from '@medsched/sdk/schemas';

/** The paging parameters as the list schemas parse them. */
export interface PageQuery {
  limit?: number | undefined;
  offset?: number | null | undefined;
  page?: number | undefined;
}

/** One page of a list: the pipeline adds `X-Total-Count` and `Link` from it. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** `offset` wins over `page`; else `offset = (page - 1) * limit` (api-decisions.md). */
export function resolvePage(query: PageQuery): { limit: number; offset: number } {
  const limit = query.limit ?? listDefaults.limit;
  const offset = query.offset ?? ((query.page ?? listDefaults.page) - 1) * limit;
  return { limit, offset };
}

export function paginate<T>(items: T[], query: PageQuery): Page<T> {
  const { limit, offset } = resolvePage(query);
  return { items: items.slice(offset, offset + limit), total: items.length, limit, offset };
}

/** Records already in order (a sorted list): what {@link pageOfSorted} reads. */
export interface OrderedRecords<T> extends Iterable<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/**
 * One page of records already in order: a slice when nothing is filtered out (O(page)), else
 * one walk counting the matches, converting only the records of the page.
 */
export function pageOfSorted<T, R>(records: OrderedRecords<T>, query: PageQuery, convert: (record: T) => R, matches?: (record: T) => boolean): Page<R> {
  const { limit, offset } = resolvePage(query);
  if (!matches) return { items: records.slice(offset, offset + limit).map(convert), total: records.length, limit, offset };
  const items: R[] = [];
  let total = 0;
  for (const record of records) {
    if (!matches(record)) continue;
    total += 1;
    if (total > offset && items.length < limit) items.push(convert(record));
  }
  return { items, total, limit, offset };
}

/**
 * RFC 8288 `Link` with absolute URLs for first, prev, next and last. Links carry `offset` and
 * `limit` (and drop `page`) so that they stay exact whatever the client started with.
 */
export function linkHeader(requestUrl: URL, page: Page<unknown>): string {
  const at = (offset: number) => {
    const url = new URL(requestUrl);
    url.searchParams.delete('page');
    url.searchParams.set('limit', String(page.limit));
    url.searchParams.set('offset', String(offset));
    return url.href;
  };
  const lastOffset = page.total === 0 ? 0 : Math.floor((page.total - 1) / page.limit) * page.limit;
  const links = [`<${at(0)}>; rel="first"`];
  if (page.offset > 0) links.push(`<${at(Math.max(0, Math.min(page.offset - page.limit, lastOffset)))}>; rel="prev"`);
  if (page.offset + page.limit < page.total) links.push(`<${at(page.offset + page.limit)}>; rel="next"`);
  links.push(`<${at(lastOffset)}>; rel="last"`);
  return links.join(', ');
}
