import { getResponse, http, type HttpHandler } from 'msw';
import type { RequestJournal } from './journal.js';
import type { MockState } from './mock-state.js';

/** Requests the mock answers: the API under its base path and the development routes (`/dev/…`). */
const isApiRequest = (request: Request, basePath: string): boolean => {
  const { pathname } = new URL(request.url);
  return pathname === basePath || pathname.startsWith(`${basePath}/`) || pathname.startsWith('/dev/');
};

/**
 * The mock's one msw handler, in front of the reference server's own handlers: it journals the
 * request, applies the token expiry scenario, and lets the reference handlers of the current
 * state answer (msw's `getResponse`). It holds no behaviour of the API; because it reads the
 * state at request time, `reset()` can swap the whole database without re-installing handlers.
 */
export function createApiHandler(state: () => MockState, journal: RequestJournal, basePath: string): HttpHandler {
  return http.all(
    ({ request }) => isApiRequest(request, basePath),
    async ({ request, requestId }) => {
      const current = state();
      const entry = await journal.record(request, requestId, current.operationOf(request));
      const response = await getResponse(current.reference.handlers, await current.tokens.apply(request));
      if (response) entry.outcome = response.status;
      return response;
    },
  );
}
