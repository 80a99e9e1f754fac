import { http, HttpResponse, type JsonBodyType } from 'msw';
import { BASE } from './fixtures.js';
import { server } from './server.js';

/** What a handler saw of one request. */
export interface Recorded {
  method: string;
  url: URL;
  /** Path under the base URL, e.g. `/calendars/`. */
  path: string;
  query: Record<string, string>;
  headers: Headers;
  body: unknown;
  contentType: string | null;
}

async function record(request: Request): Promise<Recorded> {
  const url = new URL(request.url);
  const text = await request.text();
  return {
    method: request.method,
    url,
    path: url.pathname.slice(new URL(BASE).pathname.length),
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    body: text === '' ? undefined : JSON.parse(text),
    contentType: request.headers.get('content-type'),
  };
}

/**
 * Answers every request under the base URL with `body` (status `status`) and records it,
 * so that a test can check the exact method, path, query and body the SDK sent.
 */
export function answerAll(body: JsonBodyType, init: { status?: number; headers?: Record<string, string> } = {}): Recorded[] {
  const calls: Recorded[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      calls.push(await record(request));
      return HttpResponse.json(body, { status: init.status ?? 200, headers: { 'x-request-id': 'req_server', ...init.headers } });
    }),
  );
  return calls;
}

/** Records every request under the base URL and answers it with `respond(n)` (n counts from 1). */
export function sequence(respond: (n: number, request: Recorded) => Response | Promise<Response>): Recorded[] {
  const calls: Recorded[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const recorded = await record(request);
      calls.push(recorded);
      return respond(calls.length, recorded);
    }),
  );
  return calls;
}
