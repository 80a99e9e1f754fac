import { ProblemError } from '../domain/operation/problems.js';
import type { Route } from '../routes/route.js';
import { readJsonBody, readJsonObject } from './json-body.js';
import type { ApiRequest } from './messages.js';
import { readQuery } from './query.js';
import { validate } from './validation.js';

/** The validated input of an operation, as the route's `operate` takes it. */
export interface OperationInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** `GET`/`DELETE /calendars/bake` also accept their parameters in a JSON body; the query wins. */
const acceptsQueryInBody = new Set(['bake.get', 'bake.delete']);
/** The parameters of a request without a query string (never written to). */
const noQuery: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);

/** The query parameters of a request, as sent; most requests carry none, and no object is built for them. */
export function rawQueryOf(request: ApiRequest): Record<string, string> {
  return request.search === '' ? noQuery : readQuery(request.search);
}

/** Whether the operation reads the request's body (its own, or its query sent in the body). */
export function readsBody(operation: Route['operation']): boolean {
  return Boolean(operation.body || (operation.query && acceptsQueryInBody.has(operation.id)));
}

/** Fills the query of `input` from the query string, for operations that read no body. */
export function fillQuery(route: Route, input: OperationInput, rawQuery: Record<string, string>): void {
  const { operation } = route;
  if (operation.query) input.query = validate(operation.query, rawQuery, 'validation_failed', 'query');
  else checkNoQuery(route, rawQuery);
}

/** Fills the body (and the query, for the operations that take it in the body too) of `input`. */
export async function fillBody(request: ApiRequest, route: Route, input: OperationInput, rawQuery: Record<string, string>): Promise<void> {
  const { operation } = route;
  if (operation.body) {
    input.body = validate(operation.body, await readJsonObject(request), 'validation_failed', 'body');
  }
  if (operation.query) {
    const fromBody = acceptsQueryInBody.has(operation.id) ? await readJsonBody(request) : undefined;
    const merged = fromBody && typeof fromBody === 'object' && !Array.isArray(fromBody) ? { ...fromBody, ...rawQuery } : rawQuery;
    input.query = validate(operation.query, merged, 'validation_failed', 'query');
  } else {
    checkNoQuery(route, rawQuery);
  }
}

/** 400 for query parameters sent to an operation that takes none. */
function checkNoQuery(route: Route, rawQuery: Record<string, string>): void {
  if (rawQuery === noQuery || Object.keys(rawQuery).length === 0) return;
  const { operation } = route;
  throw new ProblemError('validation_failed', `${operation.method} ${operation.path} takes no query parameters`, {
    errors: Object.keys(rawQuery).map((key) => ({ path: key, message: 'unknown query parameter' })),
  });
}
