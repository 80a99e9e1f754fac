/**
 * components.responses: one RFC 9457 problem response per status the server answers with, its
 * problem codes and headers. Which operation can get which of them: response-statuses.mjs.
 */
import { problemHeaders } from './headers.mjs';
import { componentRef } from './refs.mjs';

/** The problem responses, by status: component name, description and code(s). */
export const problemResponses = {
  400: {
    name: 'BadRequest',
    description: 'Malformed JSON, a value that fails validation, an unknown key or query parameter, or a malformed id.',
    codes: ['invalid_json', 'validation_failed', 'invalid_id'],
  },
  401: { name: 'Unauthorized', description: 'Credential missing, malformed, unknown, revoked or expired. Checked before anything else.', codes: ['unauthenticated'] },
  403: { name: 'Forbidden', description: 'Valid credential, but its role or organization does not allow this operation or record.', codes: ['forbidden'] },
  404: { name: 'NotFound', description: 'A well-formed id that exists in no organization.', codes: ['not_found'] },
  405: { name: 'MethodNotAllowed', description: 'The path exists, but not with this method; `Allow` lists the methods it accepts.', codes: ['method_not_allowed'] },
  409: {
    name: 'Conflict',
    description:
      "The change conflicts with the record's state (a baked entry is final; an e-mail is already used in the organization), the organization's storage quota is reached, or a request with the same `Idempotency-Key` is still running (`Retry-After: 1`).",
    codes: ['conflict', 'storage_quota_exceeded', 'calendar_entry_quota_exceeded'],
  },
  413: { name: 'PayloadTooLarge', description: 'Request body over 1 MiB.', codes: ['payload_too_large'] },
  415: { name: 'UnsupportedMediaType', description: 'Request body sent with a content type other than application/json.', codes: ['unsupported_media_type'] },
  422: { name: 'IdempotencyKeyReused', description: 'The `Idempotency-Key` was used before with another request (method, path, query or body).', codes: ['idempotency_key_reused'] },
  429: {
    name: 'TooManyRequests',
    description:
      'Over the per-credential rate limit (then with its `RateLimit-*` fields), too many failed authentications from this client address, or too many open connections from it. `Retry-After` says when to try again.',
    codes: ['rate_limited'],
  },
  500: { name: 'InternalError', description: 'A bug on the server. The body never holds a stack trace or secret.', codes: ['internal'] },
};

/** components.responses: one problem response per status. */
export function problemResponseComponents() {
  const responses = {};
  for (const [status, { name, description, codes }] of Object.entries(problemResponses)) {
    responses[name] = {
      description: `${description} Problem code: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      headers: problemHeaders(Number(status)),
      content: {
        'application/problem+json': {
          schema: { $ref: componentRef('Problem') },
          // The 400 example shows a validation failure, the most common 400.
          example: problemExample(Number(status), status === '400' ? 'validation_failed' : codes[0]),
        },
      },
    };
  }
  return responses;
}

function problemExample(status, code) {
  const example = {
    type: `https://docs.medsched.dev/errors/${code}`,
    title: code.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()),
    status,
    code,
    requestId: '5f0c6a1e-8d3b-4c27-9a51-0e6f2b7d4c18',
  };
  if (status === 400) {
    Object.assign(example, { title: 'Request validation failed', detail: 'to must not be before from', errors: [{ path: 'to', message: 'to must not be before from' }] });
  }
  return example;
}
