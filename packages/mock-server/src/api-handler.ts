import { getResponse, http, type HttpHandler } from 'msw';
import type { Flight } from './in-flight.js';

/**
 * Requests the mock answers: the API under its base path, the development routes (`/dev/…`) and
 * the signed PDF links `GET /v1/pdf/` hands out (`/files/pdf?…`).
 */
export const isApiRequest = (request: Request, basePath: string): boolean => {
  const { pathname } = new URL(request.url);
  return pathname === basePath || pathname.startsWith(`${basePath}/`) || pathname.startsWith('/dev/') || pathname === '/files/pdf';
};

/**
 * The mock's one msw handler, behind the scenarios and the app's own handlers: it applies the
 * token expiry scenario and lets the reference handlers of the request's generation answer (msw's
 * `getResponse`). It holds no behaviour of the API; because it reads the state of the request's
 * flight, `reset()` can swap the whole database without re-installing handlers, and a request
 * that arrived before a reset is answered by the state it arrived in.
 */
export function createApiHandler(flightOf: (request: Request, requestId: string) => Flight | undefined, basePath: string): HttpHandler {
  return http.all(
    ({ request }) => isApiRequest(request, basePath),
    async ({ request, requestId }) => {
      const flight = flightOf(request, requestId);
      if (!flight) return undefined;
      const response = await getResponse(flight.state.reference.handlers, await flight.state.tokens.apply(request));
      await flight.body;
      if (response) flight.entry.outcome = response.status;
      return response;
    },
  );
}
