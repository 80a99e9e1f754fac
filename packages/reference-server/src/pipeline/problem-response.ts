import { itemLimits, problemTextLimits, type Problem } from '@medsched/sdk/schemas';
import type { ProblemError } from '../domain/operation/problems.js';
import type { ApiResponse } from './messages.js';

export const problemTypeBase = 'https://docs.medsched.dev/errors/';

/** NUL, and a UTF-16 surrogate without its partner. */
const notWholeText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A problem's text within what the document promises (`Problem` in the SDK): a message may quote
 * a client's input (an unknown key of 10,000 characters, a NUL), so NUL and unpaired surrogates
 * are shown as U+FFFD and a longer text ends in `…`. Only messages are shortened, never a value
 * that is stored or acted on.
 */
export function problemText(value: string, max: number): string {
  const whole = value.replace(notWholeText, '\uFFFD');
  if (whole.length <= max) return whole;
  // Never end between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(whole.charAt(max - 2)) ? max - 2 : max - 1;
  return `${whole.slice(0, end)}…`;
}

/** An RFC 9457 problem document for a failure, with its extra headers; its text and field errors within the document's bounds. */
export function problemResponse(error: ProblemError, requestId: string): ApiResponse {
  const problem: Problem = {
    ...error.members,
    type: problemTypeBase + error.code,
    title: error.title,
    status: error.status,
    code: error.code,
    detail: problemText(error.message, problemTextLimits.detail),
    requestId,
    ...(error.errors
      ? {
          errors: error.errors
            .slice(0, itemLimits.problemErrors)
            .map((each) => ({ path: problemText(each.path, problemTextLimits.path), message: problemText(each.message, problemTextLimits.message) })),
        }
      : {}),
  };
  return {
    status: error.status,
    headers: { ...error.headers, 'content-type': 'application/problem+json', 'x-request-id': requestId },
    body: JSON.stringify(problem),
  };
}
