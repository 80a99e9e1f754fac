import { http, type HttpHandler } from 'msw';
import { pdfFilePath } from '../domain/pdf/pdf-links.js';
import type { Pipeline } from '../pipeline/pipeline.js';
import { fromFetchRequest, toFetchResponse } from './fetch-adapter.js';

export interface HandlersOptions {
  /** `https://api.example.test` to answer one origin only; default any origin (`*`). */
  origin?: string;
}

type Method = 'get' | 'post' | 'patch' | 'delete';

/** `/calendars/{calendarId}` → `/calendars/:calendarId` (msw's path syntax); no trailing slash. */
const mswPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '');

/**
 * The msw binding: one plain `http.*` handler per operation of the route table (so that tests
 * can override a single operation with `server.use(...)`), then catch-alls that answer unknown
 * routes (404), wrong methods (405), the development routes and signed PDF links. Every handler hands the request
 * to the same pipeline; none holds behaviour of its own.
 */
export function createHandlers(pipeline: Pipeline, basePath: string, options: HandlersOptions = {}): HttpHandler[] {
  const origin = (options.origin ?? '*').replace(/\/$/, '');
  const resolver = async ({ request }: { request: Request }) => toFetchResponse(await pipeline.handle(fromFetchRequest(request)), request.method);
  const routes = [...pipeline.routes]
    // Static segments before parameters: `/calendars/bake` must win over `/calendars/:calendarId`.
    .sort((a, b) => (a.operation.path.match(/\{/g)?.length ?? 0) - (b.operation.path.match(/\{/g)?.length ?? 0));
  return [
    ...routes.map((route) => http[route.operation.method.toLowerCase() as Method](`${origin}${basePath}${mswPath(route.operation.path)}`, resolver)),
    // HEAD of every GET route goes through the catch-all below (the router answers it as GET).
    http.all(`${origin}${basePath}/*`, resolver),
    http.all(`${origin}/dev/*`, resolver),
    // Signed PDF links (`GET /v1/pdf/` signs them) are served outside the base path.
    http.all(`${origin}${pdfFilePath}`, resolver),
  ];
}
