/**
 * Deployments that drift from the reference in one behaviour each, made as fetch wrappers over
 * the in-process reference server: the request goes to the real pipeline, the answer (or the
 * request) is changed in one way. Each is what a real deployment could get wrong.
 */
export type Forward = (request: Request) => Promise<Response>;
export type Drift = (request: Request, forward: Forward) => Promise<Response>;

/** A fetch over `base` with `drift` applied. */
export function drifted(base: typeof fetch, drift: Drift): typeof fetch {
  const forward: Forward = (request) => base(request);
  return (input, init) => drift(new Request(input, init), forward);
}

/** The same answer with another JSON body (and its headers, content-length recomputed). */
function withBody(answer: Response, body: unknown, status = answer.status, headers: Headers = answer.headers): Response {
  const out = new Headers(headers);
  out.delete('content-length');
  return new Response(JSON.stringify(body), { status, headers: out });
}

function route(request: Request): { method: string; path: string; query: URLSearchParams } {
  const url = new URL(request.url);
  return { method: request.method, path: url.pathname.replace(/^\/v1/, ''), query: url.searchParams };
}

function rename(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rename(item, from, to));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key === from ? to : key, rename(field, from, to)]));
}

/** Calendar answers call `baked` `isBaked`: a renamed field. */
export const renamedBaked: Drift = async (request, forward) => {
  const answer = await forward(request);
  if (!answer.ok || !route(request).path.startsWith('/calendars')) return answer;
  return withBody(answer, rename(await answer.json(), 'baked', 'isBaked'));
};

type Entry = { id: string; createdAt: string; title?: string; description?: string };

/** Whether a request goes out with `credential` (an API key, or a bearer token). */
export function sentWith(request: Request, credential: { apiKey: string } | { token: string }): boolean {
  return 'apiKey' in credential ? request.headers.get('x-api-key') === credential.apiKey : request.headers.get('authorization') === `Bearer ${credential.token}`;
}

/**
 * A staff list of calendar entries that adds another organization's entries on top of the right
 * ones (everything else untouched): requests of `staff` to `GET /calendars/` without `patient`
 * get its own entries and those the API key `leakKey` sees, merged in the asked order and paged.
 */
export function staffListLeak(staff: { apiKey: string } | { token: string }, leakKey: string): Drift {
  return async (request, forward) => {
    const { method, path, query } = route(request);
    if (method !== 'GET' || path !== '/calendars/' || query.has('patient') || !sentWith(request, staff)) return forward(request);
    // What the server refuses (a limit out of bounds) stays refused: the drift is the leak alone.
    const asked = await forward(request.clone());
    if (!asked.ok) return asked;
    const whole = async (leak: boolean) => {
      const url = new URL(request.url);
      for (const name of ['limit', 'offset', 'page']) url.searchParams.delete(name);
      url.searchParams.set('limit', '100000');
      const headers = new Headers(request.headers);
      if (leak) {
        headers.delete('authorization');
        headers.set('x-api-key', leakKey);
      }
      const answer = await forward(new Request(url, { headers }));
      return (await answer.json()) as Entry[];
    };
    const descending = (query.get('sortBy') ?? '').includes('createdAt:desc');
    const merged = [...(await whole(false)), ...(await whole(true))].sort((a, b) => {
      const byTime = a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
      return (descending ? -byTime : byTime) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    });
    const limit = Number(query.get('limit') ?? 50);
    const offset = query.has('offset') ? Number(query.get('offset')) : (Number(query.get('page') ?? 1) - 1) * limit;
    const page = Math.floor(offset / limit) + 1;
    const last = Math.max(1, Math.ceil(merged.length / limit));
    const link = (n: number, rel: string) => {
      const url = new URL(request.url);
      url.searchParams.delete('offset');
      url.searchParams.set('page', String(n));
      return `<${url.pathname}${url.search}>; rel="${rel}"`;
    };
    const links = [link(1, 'first'), ...(page > 1 ? [link(page - 1, 'prev')] : []), ...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')];
    const headers = new Headers(asked.headers);
    headers.set('x-total-count', String(merged.length));
    headers.set('link', links.join(', '));
    return withBody(asked, merged.slice(offset, offset + limit), 200, headers);
  };
}

/** Calendar answers without the `organization` field (the real service may leave it out). */
export const entriesWithoutOrganization: Drift = async (request, forward) => {
  const answer = await forward(request);
  if (!answer.ok || !route(request).path.startsWith('/calendars')) return answer;
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'organization')
              .map(([key, field]) => [key, strip(field)]),
          )
        : value;
  return withBody(answer, strip(await answer.json()));
};

/** Device events newest first instead of in chronological order. */
export const eventsOutOfOrder: Drift = async (request, forward) => {
  const answer = await forward(request);
  if (!answer.ok || !route(request).path.startsWith('/devices/events/')) return answer;
  return withBody(answer, ((await answer.json()) as unknown[]).reverse());
};

/** Device events ignore TypeFilter: every type comes back. */
export const eventsIgnoreTypeFilter: Drift = async (request, forward) => {
  const url = new URL(request.url);
  if (!url.pathname.includes('/devices/events/')) return forward(request);
  url.searchParams.delete('TypeFilter');
  return forward(new Request(url, { headers: request.headers }));
};

/** Device events of any organization readable: a refused read is asked again with `leakKey`. */
export function eventsAcrossOrganizations(leakKey: string): Drift {
  return async (request, forward) => {
    const answer = await forward(request.clone());
    if (answer.status !== 403 || !route(request).path.startsWith('/devices/events/')) return answer;
    const headers = new Headers(request.headers);
    headers.set('x-api-key', leakKey);
    return forward(new Request(request.url, { headers }));
  };
}

/** A bake answers the entries baked, but reading one back by id shows it still a draft: a bake that does not show. */
export const bakeDoesNotShow: Drift = async (request, forward) => {
  const answer = await forward(request);
  const { method, path } = route(request);
  if (!answer.ok || method !== 'GET' || !/^\/calendars\/[0-9a-f]{24}$/.test(path)) return answer;
  return withBody(answer, { ...((await answer.json()) as object), baked: false });
};

/** Error bodies are `{ "error": "…" }`, not problem documents. */
export const plainErrorBodies: Drift = async (request, forward) => {
  const answer = await forward(request);
  if (answer.status < 400) return answer;
  const problem = (await answer.json()) as { title?: string };
  const headers = new Headers(answer.headers);
  headers.set('content-type', 'application/json');
  return withBody(answer, { error: problem.title ?? 'error' }, answer.status, headers);
};

/** Idempotency-Key ignored: the header never reaches the server. */
export const idempotencyIgnored: Drift = async (request, forward) => {
  if (!request.headers.has('idempotency-key')) return forward(request);
  const headers = new Headers(request.headers);
  headers.delete('idempotency-key');
  return forward(new Request(request, { headers }));
};

/** A refusal for another tenant answered 404 not_found instead of 403 forbidden. */
export const forbiddenAsNotFound: Drift = async (request, forward) => {
  const answer = await forward(request);
  if (answer.status !== 403) return answer;
  const problem = (await answer.json()) as Record<string, unknown>;
  return withBody(answer, { ...problem, status: 404, code: 'not_found', title: 'Not found' }, 404);
};

/** `updatedAt` never moves: every calendar answer reports the entry's createdAt as its updatedAt. */
export const updatedAtFrozen: Drift = async (request, forward) => {
  const answer = await forward(request);
  const { path } = route(request);
  if (!answer.ok || !path.startsWith('/calendars')) return answer;
  const freeze = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(freeze);
    if (value === null || typeof value !== 'object') return value;
    const entry = Object.fromEntries(Object.entries(value).map(([key, field]) => [key, freeze(field)]));
    return typeof entry.createdAt === 'string' && 'updatedAt' in entry ? { ...entry, updatedAt: entry.createdAt } : entry;
  };
  return withBody(answer, freeze(await answer.json()));
};

/**
 * A sort without the id tie-break: lists asked with a `sortBy` come back with each run of records
 * that share the first sort key in reverse id order (as a database that keeps ties in any order).
 */
export const sortTiesUnbroken: Drift = async (request, forward) => {
  const answer = await forward(request);
  const { method, path, query } = route(request);
  const sortBy = query.get('sortBy');
  if (!answer.ok || method !== 'GET' || (path !== '/calendars/' && path !== '/users/') || sortBy === null) return answer;
  const field = sortBy.split(',')[0]!.split(':')[0]!;
  const items = (await answer.json()) as Array<Record<string, unknown>>;
  const out: Array<Record<string, unknown>> = [];
  for (let start = 0; start < items.length;) {
    let end = start + 1;
    while (end < items.length && items[end]![field] === items[start]![field]) end++;
    out.push(...items.slice(start, end).reverse());
    start = end;
  }
  return withBody(answer, out);
};
