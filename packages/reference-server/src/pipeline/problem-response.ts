import type { Problem } from '@medsched/sdk/schemas';
import type { ProblemError } from '../domain/operation/problems.js';
import type { ApiResponse } from './messages.js';

export const problemTypeBase = 'https://docs.medsched.dev/errors/';

/** An RFC 9457 problem document for a failure, with its extra headers. */
export function problemResponse(error: ProblemError, requestId: string): ApiResponse {
  const problem: Problem = {
    ...error.members,
    type: problemTypeBase + error.code,
    title: error.title,
    status: error.status,
    code: error.code,
    detail: error.message,
    requestId,
    ...(error.errors ? { errors: error.errors } : {}),
  };
  return {
    status: error.status,
    headers: { ...error.headers, 'content-type': 'application/problem+json', 'x-request-id': requestId },
    body: JSON.stringify(problem),
  };
}
