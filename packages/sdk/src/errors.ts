import type { z } from 'zod';
import { inertExcerpt, inertText } from './inert-text.js';
import type { KnownProblemCode, Problem } from './schemas/problem.js';

/**
 * Base of every error the SDK throws: `instanceof MedschedError` catches them all.
 * Errors never carry credentials: no request headers, no API key, no token.
 */
export class MedschedError extends Error {
  /**
   * The class's name as a fixed string, per class: minifiers rename classes, and logs and error
   * trackers would show `sr: 404 not_found …` if it were taken from the constructor.
   */
  override name = 'MedschedError';
  /** Machine-readable code, e.g. `not_found`, `validation_failed`, `connection_error`. */
  readonly code: string;

  constructor(message: string, code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** One problem found by local validation, with the path of the offending field. */
export interface FieldIssue {
  path: string;
  message: string;
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
}

/** How many issues a message lists; the rest are counted (all stay in `issues`). */
const issuesShown = 5;

/**
 * The issues for a message: the first few, inert and each cut short, then how many more. A page
 * of 20,000 events with one field wrong in each would otherwise be a message of megabytes.
 */
function describe(issues: FieldIssue[]): string {
  const shown = issues.slice(0, issuesShown).map((issue) => `${inertExcerpt(issue.path, 100)}: ${inertExcerpt(issue.message, 200)}`);
  const more = issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more (${issues.length} issues in all, each in \`issues\`)` : shown.join('; ');
}

/** Input rejected before any request was sent. */
export class ValidationError extends MedschedError {
  override name = 'ValidationError';

  readonly issues: FieldIssue[];

  constructor(what: string, zodIssues: readonly z.core.$ZodIssue[]) {
    const issues = formatIssues(zodIssues);
    super(`invalid ${what}: ${describe(issues)}`, 'validation_failed');
    this.issues = issues;
  }
}

/** The server answered, but the answer does not match the contract's output schema. */
export class ResponseValidationError extends MedschedError {
  override name = 'ResponseValidationError';

  readonly issues: FieldIssue[];
  readonly status: number;
  readonly requestId: string | undefined;
  /** The parsed body as received, for inspection. */
  readonly body: unknown;

  constructor(operation: string, zodIssues: readonly z.core.$ZodIssue[], info: { status: number; requestId: string | undefined; body: unknown }) {
    const issues = formatIssues(zodIssues);
    super(`the answer of ${operation} does not match its schema: ${describe(issues)}`, 'response_validation_failed');
    this.issues = issues;
    this.status = info.status;
    this.requestId = info.requestId;
    this.body = info.body;
  }
}

/** What every HTTP error answer carries. */
export interface ApiErrorInfo {
  status: number;
  requestId: string | undefined;
  problem: Problem | undefined;
  headers: Headers;
  method: string;
  /** Path of the request under the base URL, with secret query values redacted. */
  path: string;
  /**
   * The answer's body when it was not a problem document (an HTML page from a proxy, plain
   * text): its first `maxErrorBodyChars` characters, so that the error says what came back.
   */
  body?: string | undefined;
}

/** How much of a body that is not a problem document an ApiError keeps. */
export const maxErrorBodyChars = 2048;

/** The server answered with a status of 400 or more. */
export class ApiError extends MedschedError {
  override name = 'ApiError';

  readonly status: number;
  readonly requestId: string | undefined;
  /** The RFC 9457 problem document of the answer, when it had one. */
  readonly problem: Problem | undefined;
  readonly headers: Headers;
  readonly method: string;
  readonly path: string;
  /** The first 2048 characters of a body that was not a problem document (e.g. a proxy's HTML); undefined otherwise. */
  readonly body: string | undefined;

  /** The problem's code, e.g. `not_found` (inert: any control or bidi character a server put in it is a space; the raw one is `problem.code`); `http_<status>` when the answer had no problem document. */
  declare readonly code: KnownProblemCode;

  constructor(info: ApiErrorInfo, options?: { cause?: unknown; note?: string }) {
    // The server's text (problem, body, request id) is raw in the fields and inert in the message.
    const text = info.body === undefined ? undefined : inertExcerpt(info.body.slice(0, maxErrorBodyChars).replace(/<[^>]*>/g, ' '), 200);
    const given = info.problem?.detail ?? info.problem?.title;
    const detail = given !== undefined ? inertExcerpt(given, 1000) : text ? `the answer was not a problem document: ${text}` : 'no details given';
    const reference = info.requestId ? ` (request ${inertExcerpt(info.requestId, 100)})` : '';
    const note = options?.note ? `; ${inertText(options.note)}` : '';
    const code = info.problem === undefined ? undefined : inertExcerpt(info.problem.code, 100);
    super(
      `${info.status} ${code ?? 'http_error'}: ${detail}${note} [${info.method} ${inertText(info.path)}]${reference}`,
      code ?? `http_${info.status}`,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.status = info.status;
    this.requestId = info.requestId;
    this.problem = info.problem;
    this.headers = info.headers;
    this.method = info.method;
    this.path = info.path;
    this.body = info.body;
  }
}

/** 400, 405, 413, 415, 422 (e.g. an Idempotency-Key reused with another body): the request itself is wrong. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 413: the request body is over the server's limit; `limitBytes` is that limit, when the server said (problem member `limit`). */
export class PayloadTooLargeError extends BadRequestError {
  override name = 'PayloadTooLargeError';

  readonly limitBytes: number | undefined;

  constructor(info: ApiErrorInfo, options?: { cause?: unknown; note?: string }) {
    super(info, options);
    const limit = (info.problem as { limit?: unknown } | undefined)?.limit;
    this.limitBytes = typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 ? limit : undefined;
  }
}
/** 401: credential missing, malformed, unknown, revoked or expired. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: valid credential, but its role or organization does not allow this. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404: unknown id or route. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: e.g. changing a baked entry, a duplicate e-mail, or a create with the same Idempotency-Key still running. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 5xx: the server failed. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

/** 429: over the rate limit. `retryAfter` is in seconds, when the server said. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';

  readonly retryAfter: number | undefined;

  constructor(info: ApiErrorInfo & { retryAfter: number | undefined }, options?: { cause?: unknown; note?: string }) {
    super(info, options);
    this.retryAfter = info.retryAfter;
  }
}

/** Where a connection failed: before any answer (`connect`), or after the answer's status and headers came (`body`). */
export type ConnectionPhase = 'connect' | 'body';

/** No complete answer: the connection failed (DNS, refused, reset), or was cut while the answer's body came. */
export class ConnectionError extends MedschedError {
  override name = 'ConnectionError';
  /** The `x-request-id` the failed attempt was sent with, to find it in the server's logs. */
  readonly requestId: string | undefined;
  /**
   * `connect`: no answer began (the server may or may not have got the request); `body`: the
   * server had answered (status and headers came) when the connection was cut, so it acted on the
   * request. Undefined for a timeout.
   */
  readonly phase: ConnectionPhase | undefined;

  constructor(message = 'could not reach the server', options?: { cause?: unknown; requestId?: string | undefined; phase?: ConnectionPhase | undefined }) {
    super(message, 'connection_error', options);
    this.requestId = options?.requestId;
    this.phase = options?.phase;
  }
}

/** No complete answer within the timeout (the deadline covers reading the body). */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';

  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
    Object.defineProperty(this, 'code', { value: 'timeout' });
  }
}

/** The caller aborted the request through its AbortSignal. */
export class AbortError extends MedschedError {
  override name = 'AbortError';

  constructor(options?: { cause?: unknown }) {
    super('the request was aborted', 'aborted', options);
  }
}

/** Builds the error class that fits an HTTP status. */
export function errorForStatus(info: ApiErrorInfo & { retryAfter: number | undefined }, options?: { cause?: unknown; note?: string }): ApiError {
  const { status } = info;
  if (status === 401) return new AuthenticationError(info, options);
  if (status === 403) return new PermissionDeniedError(info);
  if (status === 404) return new NotFoundError(info);
  if (status === 409) return new ConflictError(info);
  if (status === 429) return new RateLimitError(info);
  if (status === 413) return new PayloadTooLargeError(info);
  if (status >= 500) return new InternalServerError(info);
  if ([400, 405, 413, 415, 422].includes(status)) return new BadRequestError(info);
  return new ApiError(info);
}
