import { errorForStatus, maxErrorBodyChars, type ApiError } from './errors.js';
import { parseJson } from './call-input.js';
import { redactUrl } from './redact.js';
import { parseRetryAfter } from './retry.js';
import { Problem } from './schemas/problem.js';

/**
 * The ApiError for an answer of 400 or more: its problem document, or else the start of its body
 * (an HTML page from a proxy) so that the error says what came back; secrets redacted from the path.
 */
export function httpError(response: Response, text: string, request: Request, baseUrl: string, options?: { cause?: unknown; note?: string }): ApiError {
  const problem = Problem.safeParse(parseJson(text));
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return errorForStatus(
    {
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? request.headers.get('x-request-id') ?? undefined,
      problem: problem.success ? problem.data : undefined,
      body: problem.success || text === '' ? undefined : text.slice(0, maxErrorBodyChars),
      headers: response.headers,
      method: request.method,
      path: redactUrl(request.url.slice(baseUrl.length)),
      retryAfter: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
    },
    options,
  );
}
