import type { CallResult } from './transport.js';

/** Parses an RFC 8288 `Link` header into `{ rel: url }`. */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*((?:;[^;]*)*)/.exec(part.trim());
    if (!match) continue;
    const rel = /;\s*rel="?([^";]+)"?/i.exec(match[2] ?? '')?.[1];
    if (rel) for (const name of rel.split(/\s+/)) links[name.toLowerCase()] = match[1] ?? '';
  }
  return links;
}

/** The paging parameters a list query may carry. */
interface PagingQuery {
  limit?: number | undefined;
  offset?: number | null | undefined;
  page?: number | undefined;
}

/**
 * One page of a list: its items, the total the server reported (`X-Total-Count`) and
 * whether more follow (`Link: rel="next"`). `next()` fetches the following page.
 */
export class Page<T> {
  readonly items: T[];
  /** All matching records, across pages, when the server said. */
  readonly total: number | undefined;
  readonly hasMore: boolean;
  /** The query that fetches the next page, when there is one. */
  readonly nextQuery: Record<string, string> | undefined;
  readonly #fetch: (query: Record<string, string>) => Promise<Page<T>>;

  constructor(result: CallResult<T[]>, fetchPage: (query: Record<string, string>) => Promise<Page<T>>) {
    this.items = result.data;
    const total = Number(result.headers.get('x-total-count'));
    this.total = result.headers.has('x-total-count') && Number.isInteger(total) ? total : undefined;
    const next = parseLinkHeader(result.headers.get('link')).next;
    this.nextQuery = next === undefined ? undefined : Object.fromEntries(new URL(next, 'http://link.invalid').searchParams);
    this.hasMore = this.nextQuery !== undefined && this.items.length > 0;
    this.#fetch = fetchPage;
  }

  /** The next page, or undefined on the last one. */
  async next(): Promise<Page<T> | undefined> {
    return this.hasMore && this.nextQuery ? this.#fetch(this.nextQuery) : undefined;
  }

  /** Iterates this page and every page after it. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    // oxlint-disable-next-line typescript/no-this-alias -- the walk starts at this page and moves on page by page
    for (let page: Page<T> | undefined = this; page; page = await page.next()) yield* page.items;
  }
}

/** Merges the next page's paging parameters into the caller's query (filters stay as given). */
export function nextPageQuery<Q extends PagingQuery>(query: Q, next: Record<string, string>): Q {
  const merged: Q = { ...query, offset: undefined, page: undefined };
  if (next.limit !== undefined) merged.limit = Number(next.limit);
  if (next.offset !== undefined) merged.offset = Number(next.offset);
  if (next.page !== undefined) merged.page = Number(next.page);
  return merged;
}
