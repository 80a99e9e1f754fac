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
export function authenticateRequest(authenticator: Authenticator, limit: FailedAuthenticationLimit | undefined, request: ApiRequest): Promise<Caller> {
  const client = limit ? request.client : undefined;
  // Not an async function: without a limit the authenticator's own promise is handed on, no extra one wrapped around it.
  if (client === undefined) return authenticator.authenticate(request.header);
  return authenticateCounted(authenticator, limit!, client, request);
}

async function authenticateCounted(authenticator: Authenticator, limit: FailedAuthenticationLimit, client: string, request: ApiRequest): Promise<Caller> {
  limit.check(client, Date.now());
  try {
    return await authenticator.authenticate(request.header);
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'unauthenticated') limit.noteFailure(client, Date.now());
    throw error;
  }
}
