import type { ProblemCode, ProblemFieldError } from '@medsched/sdk/schemas';

/**
 * The codes this server answers: the SDK's, plus the storage quotas' (the SDK passes codes it
 * does not know through, as `ApiError.code`).
 */
export type ServerProblemCode = ProblemCode | 'calendar_entry_quota_exceeded' | 'storage_quota_exceeded';

const titles: Record<ServerProblemCode, string> = {
  invalid_json: 'Request body is not valid JSON',
  validation_failed: 'Request validation failed',
  invalid_id: 'Malformed identifier',
  unauthenticated: 'Authentication required',
  forbidden: 'Not allowed',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  payload_too_large: 'Request body too large',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Too many requests',
  internal: 'Internal server error',
  idempotency_key_reused: 'Idempotency key reused with another request',
  calendar_entry_quota_exceeded: "Organization's calendar-entry quota reached",
  storage_quota_exceeded: "Organization's storage quota reached",
};

const statuses: Record<ServerProblemCode, number> = {
  invalid_json: 400,
  validation_failed: 400,
  invalid_id: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  idempotency_key_reused: 422,
  // The request is sound; the organization's state (full) conflicts with it until data is removed.
  calendar_entry_quota_exceeded: 409,
  storage_quota_exceeded: 409,
};

/**
 * A failure the client can act on: thrown by domain code, turned into an RFC 9457 problem
 * document by the pipeline. `detail` says what to change; it never carries a secret.
 */
export class ProblemError extends Error {
  readonly code: ServerProblemCode;
  readonly status: number;
  readonly errors: ProblemFieldError[] | undefined;
  /** Extra response headers (WWW-Authenticate, Allow, Retry-After). */
  readonly headers: Record<string, string>;
  /** Extension members of the problem document (RFC 9457 §3.2), e.g. a quota's `limit`. */
  readonly members: Record<string, unknown>;

  constructor(code: ServerProblemCode, detail: string, options: { errors?: ProblemFieldError[]; headers?: Record<string, string>; members?: Record<string, unknown> } = {}) {
    super(detail);
    this.name = 'ProblemError';
    this.code = code;
    this.status = statuses[code];
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.members = options.members ?? {};
  }

  get title(): string {
    return titles[this.code];
  }
}

export const notFound = (what: string, id: string) => new ProblemError('not_found', `${what} ${id} does not exist`);
export const forbidden = (detail: string) => new ProblemError('forbidden', detail);
export const conflict = (detail: string) => new ProblemError('conflict', detail);
export const invalid = (path: string, message: string) => new ProblemError('validation_failed', `${path}: ${message}`, { errors: [{ path, message }] });
