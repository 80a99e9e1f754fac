import type { ApiRequest, ApiResponse, BodyRead } from '../pipeline/messages.js';

/** A Fetch `Request` as the pipeline reads requests (Web APIs only: msw, browsers, workers). */
export function fromFetchRequest(request: Request): ApiRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    origin: url.origin,
    header: (name) => request.headers.get(name) ?? undefined,
    async readBody(limit): Promise<BodyRead> {
      if (!request.body) return { kind: 'none' };
      const bytes = new Uint8Array(await request.arrayBuffer());
      return bytes.length > limit ? { kind: 'too-large' } : { kind: 'bytes', bytes };
    },
  };
}

/**
 * A Fetch `Response` of an answer. For `HEAD` the body is left out but its length is kept in
 * `content-length`, as a GET would send it (RFC 9110).
 */
export function toFetchResponse(response: ApiResponse, method = 'GET'): Response {
  if (method.toUpperCase() !== 'HEAD') return new Response(response.body as BodyInit | undefined, { status: response.status, headers: response.headers });
  const body = response.body;
  const length = body === undefined ? 0 : typeof body === 'string' ? new TextEncoder().encode(body).length : body.length;
  return new Response(null, { status: response.status, headers: { ...response.headers, 'content-length': String(length) } });
}
