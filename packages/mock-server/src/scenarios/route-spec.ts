import { http, type HttpResponseResolver, type RequestHandlerOptions, type HttpHandler } from 'msw';
import { operations, type HttpMethod, type Operation, type OperationId } from '@medsched/sdk/schemas';

/**
 * Which requests a scenario applies to: an operation id (`'calendars.update'`), a method and a
 * path under the API base in msw or OpenAPI syntax (`'PATCH /calendars/:id'`,
 * `'PATCH /calendars/{calendarId}'`), a method with `*` (`'GET *'`), or `'*'` for every request.
 */
export type RouteSpec = OperationId | `${HttpMethod} /${string}` | `${HttpMethod} *` | '*';

export interface ParsedRoute {
  method: HttpMethod | '*';
  /** msw path under the base path, without trailing slash; `*` for any. */
  path: string;
}

const methods = new Set<string>(['GET', 'POST', 'PATCH', 'DELETE']);

/** `/calendars/{calendarId}/` → `/calendars/:calendarId` (msw syntax, as the reference handlers). */
const toMswPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/+$/, '$1');

/** `/calendars/:id` → `/calendars/x`: a concrete path to check against the route table. */
const samplePath = (path: string): string => path.replace(/:(\w+)/g, 'x');

export function parseRoute(spec: RouteSpec): ParsedRoute {
  if (spec === '*') return { method: '*', path: '*' };
  if (spec in operations) {
    const operation = operations[spec as OperationId];
    return { method: operation.method, path: toMswPath(operation.path) };
  }
  const match = /^([A-Za-z]+)\s+(\/\S*|\*)$/.exec(spec);
  const method = match?.[1]?.toUpperCase();
  if (!match || !method || !methods.has(method)) {
    throw new TypeError(
      `route "${spec}" is not understood: write an operation id ('calendars.update'), a method and a path under the API base ('PATCH /calendars/:id'), 'GET *' or '*'`,
    );
  }
  const path = match[2] === '*' ? '*' : toMswPath(match[2]!);
  if (path !== '*' && !matchesSomeOperation(method, path)) {
    const known = Object.values(operations).map((operation) => `${operation.method} ${toMswPath(operation.path)}`);
    throw new TypeError(`route "${spec}" names no operation of the API; known routes: ${known.join(', ')}`);
  }
  return { method: method as HttpMethod, path };
}

/** Typos in a scenario's route would silently never match: check it against the SDK catalogue. */
function matchesSomeOperation(method: string, path: string): boolean {
  return operationsMatching(method, path).length > 0;
}

function operationsMatching(method: string, path: string): Operation[] {
  const segments = samplePath(path).split('/').filter(Boolean);
  return Object.values(operations).filter((operation) => {
    if (operation.method !== method) return false;
    const pattern = operation.path.split('/').filter(Boolean);
    return pattern.length === segments.length && pattern.every((part, i) => part.startsWith('{') || segments[i] === 'x' || part === segments[i]);
  });
}

/**
 * The one operation a route names, segment by segment: a parameter stands for a parameter, a
 * literal for the same literal (`GET /calendars/:id` is `calendars.get`, `GET /calendars/bake`
 * is `bake.get`); undefined for `*` routes.
 */
export function operationFor(route: ParsedRoute): Operation | undefined {
  if (route.method === '*' || route.path === '*') return undefined;
  const segments = route.path.split('/').filter(Boolean);
  return Object.values(operations).find((operation) => {
    const parts = operation.path.split('/').filter(Boolean);
    return (
      operation.method === route.method &&
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith('{') ? segments[i]!.startsWith(':') : part === segments[i]))
    );
  });
}

/** The msw path a route matches: on any origin, under the API's base path. */
export const mswPathOf = (route: ParsedRoute, basePath: string): string => (route.path === '*' ? `*${basePath}/*` : `*${basePath}${route.path}`);

/** An msw handler for the route, on any origin, under the API's base path. */
export function handlerFor(route: ParsedRoute, basePath: string, resolver: HttpResponseResolver, options?: RequestHandlerOptions): HttpHandler {
  const path = mswPathOf(route, basePath);
  const method = route.method === '*' ? 'all' : (route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete');
  return http[method](path, resolver, options);
}
