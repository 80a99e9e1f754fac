import { ProblemError, problemResponse, toFetchResponse } from '@medsched/reference-server';
import { ProblemCode, type Problem } from '@medsched/sdk/schemas';

/** What `mock.fail()` answers: a status, or a status with details of the problem document. */
export type FailureSpec =
  | number
  | {
      status: number;
      /** The problem's `code`; default the code of that status (409 → `conflict`), else `internal`. */
      code?: ProblemCode;
      detail?: string;
      /** Extra response headers, e.g. `{ 'retry-after': '2' }` with 429 or 503. */
      headers?: Record<string, string>;
      /** Fields merged into the problem document (e.g. `errors`). */
      problem?: Partial<Problem>;
    };

/**
 * The code the reference server uses for a status; 400 has several, `validation_failed` is the
 * common one. The server's only 422 is a reused idempotency key, which a forced 422 rarely means:
 * it gets the generic "unprocessable" reading, `validation_failed`, too.
 */
function codeForStatus(status: number): ProblemCode | undefined {
  if (status === 400 || status === 422) return 'validation_failed';
  return ProblemCode.options.find((code) => new ProblemError(code, '').status === status);
}

/**
 * A forced failure shaped exactly like the reference server's own problems (RFC 9457, same
 * `type`, `title`, headers and `x-request-id`), so that the app's error handling sees what
 * production would send.
 */
export function failureResponse(spec: FailureSpec, route: string, requestId: string): Response {
  const { status, code, detail, headers, problem } = typeof spec === 'number' ? { status: spec } : spec;
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new RangeError(`mock.fail("${route}", ${status}): the status must be an error status from 400 to 599`);
  }
  const error = new ProblemError(code ?? codeForStatus(status) ?? 'internal', detail ?? `forced by mock.fail("${route}")`, { headers: headers ?? {} });
  const answer = problemResponse(error, requestId);
  const body = { ...(JSON.parse(String(answer.body)) as Problem), status, ...problem };
  return toFetchResponse({ ...answer, status, body: JSON.stringify(body) });
}
