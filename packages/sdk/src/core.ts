/**
 * @medsched/sdk/core: the client without resource groups, for bundles that carry only the
 * operations they call. Pair it with the groups you use, each from its own entry point.
 *
 * @example
 * import { createBaseClient, NotFoundError } from '@medsched/sdk/core';
 * import { Calendars } from '@medsched/sdk/calendars';
 * const calendars = new Calendars(createBaseClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'msk_…' }));
 * const page = await calendars.list({ limit: 20 });
 */
export { createBaseClient, defaultMaxResponseBytes, MedschedBaseClient, type ClientOptions, type RawRequest, type RawResponse } from './base-client.js';
export type { StandardSchema } from './standard-schema.js';
export { ApiPromise } from './api-promise.js';
export { checkInput } from './call-input.js';
export { sdkVersion } from './user-agent.js';
export type { TokenSource } from './auth.js';
export {
  MedschedError,
  ValidationError,
  ResponseValidationError,
  ApiError,
  BadRequestError,
  PayloadTooLargeError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  type ApiErrorInfo,
  type ConnectionPhase,
  type FieldIssue,
} from './errors.js';
export { RedirectError, ResponseTooLargeError, InvalidResponseError } from './answer-errors.js';
export { Page, parseLinkHeader } from './pagination.js';
export type { CallResult, CreateRequestOptions, LogEntry, LoggerEntry, RequestOptions, RetryWaitEntry, RetryWaitReason } from './transport.js';
export type { RetryDelays } from './retry.js';
export type { Clock } from './rate-pacer.js';
