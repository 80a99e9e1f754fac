import { operations, type Operation, type OperationId } from '@medsched/sdk/schemas';
import type { z } from 'zod';
import { operationFor, type ParsedRoute } from './route-spec.js';

type Operations = typeof operations;

/** `/calendars/{calendarId}` → `/calendars/:${string}`, `/calendars/` → `/calendars` (msw syntax, any parameter name). */
type MswPattern<Path extends string> = Path extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}:${string}${MswPattern<Tail>}`
  : Path extends `${infer Head}/`
    ? Head extends ''
      ? Path
      : Head
    : Path;

/** `'GET /calendars/:id'` for `calendars.get`. */
type RouteOf<Id extends OperationId> = `${Operations[Id]['method']} ${MswPattern<Operations[Id]['path']>}`;

/** Where `mock.respond` applies: one operation, by id or by method and msw path (`'GET /calendars/:id'`). */
export type RespondRoute = { [Id in OperationId]: Id | RouteOf<Id> }[OperationId];

/** The body of a successful answer of the operation a route names, from the contract's response schema. */
export type RespondBody<Route extends string> = {
  [Id in OperationId]: Route extends Id | RouteOf<Id> ? z.input<Operations[Id]['response']> : never;
}[OperationId];

export interface RespondOptions {
  /** Default: the operation's success status (200, or 201 for creations); errors belong to `mock.fail`. */
  status?: 200 | 201 | 202 | 203 | 206;
  /** Extra response headers. A list's `x-total-count` defaults to the body's length. */
  headers?: Record<string, string>;
}

/**
 * Checks the body against the operation's response schema (so that a wrong body fails where the
 * test writes it, naming the fields) and returns what builds each answer.
 */
export function respondResponse(route: string, parsed: ParsedRoute, body: unknown, options: RespondOptions): (requestId: string) => Response {
  const operation: Operation | undefined = operationFor(parsed);
  if (!operation) throw new TypeError(`mock.respond("${route}"): name one operation, e.g. 'GET /calendars/:id' or 'calendars.get'`);
  const checked = operation.response.safeParse(body);
  if (!checked.success) {
    const fields = checked.error.issues.map((issue) => `${issue.path.join('.') || '(the body)'}: ${issue.message}`).join('; ');
    throw new TypeError(`mock.respond("${route}"): the body does not fit the response of ${operation.id}: ${fields}`);
  }
  const status: number = options.status ?? operation.status;
  if (!Number.isInteger(status) || status < 200 || status > 299) {
    throw new RangeError(`mock.respond("${route}", …, { status: ${status} }): give a success status from 200 to 299; for errors use mock.fail`);
  }
  const text = JSON.stringify(body);
  const totalCount: Record<string, string> = operation.paginated && Array.isArray(body) ? { 'x-total-count': String(body.length) } : {};
  return (requestId) =>
    new Response(text, {
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...totalCount, ...options.headers },
    });
}
