import type { ApiRequest } from './messages.js';

const acceptable = /^[\x21-\x7e]{1,200}$/;

/** The client's `x-request-id` when it is a sane token, else a fresh one. */
export function requestIdOf(request: ApiRequest): string {
  const given = request.header('x-request-id');
  return given !== undefined && acceptable.test(given) ? given : crypto.randomUUID();
}
