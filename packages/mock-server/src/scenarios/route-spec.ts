import { Router, routeTable } from '@medsched/reference-server';
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
  /** The one operation the route names, as the reference server routes it; undefined for `*` routes. */
  operation?: OperationId;
  /** Path parameters the route gives a value (`'GET /calendars/64d0…'`): only that resource. */
  params?: Readonly<Record<string, string>>;
}

const methods = new Set<string>(['GET', 'POST', 'PATCH', 'DELETE']);

/**
 * The reference server's own router over its route table: a scenario's route and a request are
 * both resolved to an operation by it, so a scenario applies to exactly the operation that
 * would answer (`GET /calendars/bake` is `bake.get`, never `calendars.get`), as the journal says.
 */
const router = new Router(routeTable);

/** Stands for a `:name` segment when a route is resolved: no static segment of the API is a NUL. */
const anyValue = '\u0000';

/** `/calendars/{calendarId}/` → `/calendars/:calendarId` (msw syntax, as the reference handlers). */
const toMswPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/+$/, '$1');

export function parseRoute(spec: RouteSpec): ParsedRoute {
  if (spec === '*') return { method: '*', path: '*' };
  if (spec in operations) {
    const operation = operations[spec as OperationId];
    return { method: operation.method, path: toMswPath(operation.path), operation: operation.id };
  }
  const match = /^([A-Za-z]+)\s+(\/\S*|\*)$/.exec(spec);
  const method = match?.[1]?.toUpperCase();
  if (!match || !method || !methods.has(method)) {
    throw new TypeError(`route "${spec}" is not understood: write an operation id ('calendars.update'), a method and a path under the API base ('PATCH /calendars/:id'), 'GET *' or '*'`);
  }
  if (match[2] === '*') return { method: method as HttpMethod, path: '*' };
  const path = toMswPath(match[2]!);
  const found = router.match(method, path.replace(/:\w+/g, anyValue));
  if (found.kind !== 'route') {
    const known = Object.values(operations).map((operation) => `${operation.method} ${toMswPath(operation.path)}`);
    throw new TypeError(`route "${spec}" names no operation of the API; known routes: ${known.join(', ')}`);
  }
  const params = Object.fromEntries(Object.entries(found.params).filter(([, value]) => value !== anyValue));
  return { method: method as HttpMethod, path, operation: found.route.operation.id as OperationId, ...(Object.keys(params).length > 0 ? { params } : {}) };
}

/** The one operation a route names (`GET /calendars/:id` is `calendars.get`, `GET /calendars/bake` is `bake.get`); undefined for `*` routes. */
export function operationFor(route: ParsedRoute): Operation | undefined {
  return route.operation === undefined ? undefined : operations[route.operation];
}

/**
 * Whether a request is one the route names. An operation's route: the reference server's router
 * resolves the request to that operation (a `HEAD` is its `GET`, as the server answers it), with
 * the parameter values the route gives. A `*` route: every request under the base path (of that
 * method).
 */
export function routeMatcher(route: ParsedRoute, basePath: string): (request: Request) => boolean {
  const { operation, params, method } = route;
  if (operation === undefined) {
    return (request) => (method === '*' || request.method === method) && new URL(request.url).pathname.startsWith(`${basePath}/`);
  }
  return (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${basePath}/`)) return false;
    const found = router.match(request.method, pathname.slice(basePath.length));
    if (found.kind !== 'route' || found.route.operation.id !== operation) return false;
    return params === undefined || Object.entries(params).every(([name, value]) => found.params[name] === value);
  };
}

/** An msw handler for exactly the requests the route names (see `routeMatcher`), on any origin, under the API's base path. */
export function handlerFor(route: ParsedRoute, basePath: string, resolver: HttpResponseResolver, options?: RequestHandlerOptions): HttpHandler {
  const matches = routeMatcher(route, basePath);
  return http.all(({ request }) => matches(request), resolver, options);
}
