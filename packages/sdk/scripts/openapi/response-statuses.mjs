/**
 * Which problem statuses each operation can really answer with, derived from the catalogue and
 * the reference server's request path (binding → request id → CORS → authenticate → rate limit,
 * idempotency → route → read body → validate → authorize → storage quota → domain). The drift
 * test in packages/reference-server provokes them against the running server.
 */
import { REQUEST_ROLES } from './contract.mjs';
import { refsIn, componentNameOf } from './refs.mjs';
import { requestSchema } from './schema-refs.mjs';

/** Operations whose domain refuses with 409 for a record's state (a baked entry is final; a duplicate e-mail). */
const conflictOperations = new Set(['calendars.replace', 'calendars.update', 'users.create']);
/** Reads that also take their query in a JSON body (the query string wins), so read a body: 413, 415. */
const bodyReadingQueries = new Set(['bake.get', 'bake.delete']);
/** Methods whose operations store data: checked against the organization's storage quota (409 when full). */
const storingMethods = new Set(['POST', 'PUT', 'PATCH']);

/** Creates: POSTs that are not idempotent by themselves; an Idempotency-Key makes them so. */
export const createsWithKey = (op) => op.method === 'POST' && !op.idempotent;
/** Operations that honour an `Idempotency-Key`: creates, and PATCH (optionally). */
export const takesIdempotencyKey = (op) => createsWithKey(op) || op.method === 'PATCH';

/**
 * The problem statuses of an operation, ascending.
 * - 400, 401, 403, 429, 500: any call. Every operation validates something (unknown query
 *   parameters are 400 everywhere); authentication comes first; every role-permitted operation
 *   still checks the organization or record (403); 429 comes from the per-credential rate limit,
 *   the per-address failed-authentication limit and the open-connection limit.
 * - 404 where a record is named by id, and on the lists (an unknown organization or patient).
 * - 405: the path exists with other methods.
 * - 409: writes that store data (quota), domain conflicts, and a key still in flight.
 * - 413, 415 where a body is read; 422 where an Idempotency-Key is honoured.
 */
export function problemStatuses(op, contract) {
  const namesARecord = op.params !== undefined || REQUEST_ROLES.some((role) => op[role] && mentions(requestSchema(op[role], contract), 'ObjectId', contract.input));
  const readsBody = op.body !== undefined || bodyReadingQueries.has(op.id);
  return [
    400,
    401,
    403,
    ...(namesARecord || op.paginated ? [404] : []),
    405,
    ...(conflictOperations.has(op.id) || storingMethods.has(op.method) || takesIdempotencyKey(op) ? [409] : []),
    ...(readsBody ? [413, 415] : []),
    ...(takesIdempotencyKey(op) ? [422] : []),
    429,
    500,
  ];
}

/** Whether `schema` refers to the component `name`, directly or through other components. */
function mentions(schema, name, components, visited = new Set()) {
  for (const ref of refsIn(schema)) {
    const target = componentNameOf(ref);
    if (target === undefined || visited.has(target)) continue;
    if (target === name) return true;
    visited.add(target);
    if (mentions(components[target], name, components, visited)) return true;
  }
  return false;
}
