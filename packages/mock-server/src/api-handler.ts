import { http, type HttpHandler } from 'msw';

/**
 * Requests the mock answers: the API under its base path, the development routes (`/dev/…`) and
 * the signed PDF links `GET /v1/pdf/` hands out (`/files/pdf?…`).
 */
export const isApiRequest = (request: Request, basePath: string): boolean => {
  const { pathname } = new URL(request.url);
  return pathname === basePath || pathname.startsWith(`${basePath}/`) || pathname.startsWith('/dev/') || pathname === '/files/pdf';
};

/**
 * The mock's one msw handler, behind the scenarios and the app's own handlers. It claims every
 * request under the base path (and `/dev/…`) and always answers it: `answer` waits for the
 * generation the request belongs to (during a `reset()`, the one being made) and hands the
 * request to that generation's reference pipeline. A handler that matched and then returned
 * nothing would let msw send the request to the network, with the app's credentials.
 */
export function createApiHandler(answer: (request: Request, requestId: string) => Promise<Response>, basePath: string): HttpHandler {
  return http.all(
    ({ request }) => isApiRequest(request, basePath),
    ({ request, requestId }) => answer(request, requestId),
  );
}
