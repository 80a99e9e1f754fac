import type { Authenticator } from '../domain/access/authentication.js';
import type { Caller } from '../domain/access/caller.js';
import type { FailedAuthenticationLimit } from '../domain/access/failed-authentication-limit.js';
import { ProblemError } from '../domain/operation/problems.js';
import type { ApiRequest } from './messages.js';

/**
 * The authentication step: resolves the caller, counting failures per client so that a client
 * guessing credentials is refused with 429 for the rest of its window. Bindings that know no
 * peer address (msw in-process) are not limited.
 */
export function authenticateRequest(authenticator: Authenticator, limit: FailedAuthenticationLimit | undefined, request: ApiRequest): Caller | Promise<Caller> {
  const client = limit ? request.client : undefined;
  // Not an async function: a caller resolved at once (an API key seen lately) is handed on
  // without a promise; a failure is then thrown here.
  if (client === undefined) return authenticator.authenticateNow(request.header);
  return authenticateCounted(authenticator, limit!, client, request);
}

function authenticateCounted(authenticator: Authenticator, limit: FailedAuthenticationLimit, client: string, request: ApiRequest): Caller | Promise<Caller> {
  limit.check(client, limit.now());
  try {
    const caller = authenticator.authenticateNow(request.header);
    // A closure only where a promise needs one: a caller resolved at once allocates nothing here.
    return caller instanceof Promise ? caller.catch((error: unknown) => noteFailure(limit, client, error)) : caller;
  } catch (error) {
    return noteFailure(limit, client, error);
  }
}

/** Counts a failed authentication against the client, then throws the failure on. */
function noteFailure(limit: FailedAuthenticationLimit, client: string, error: unknown): never {
  if (error instanceof ProblemError && error.code === 'unauthenticated') limit.noteFailure(client, limit.now());
  throw error;
}
