/**
 * @medsched/sdk: the typed client of the medsched medication-scheduling API.
 *
 * @example
 * import { createClient, NotFoundError } from '@medsched/sdk';
 * const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'msk_…' });
 * for await (const entry of client.calendars.iterate({ patient })) console.log(entry.date, entry.title);
 */
export { createClient, MedschedClient, type ClientOptions } from './client.js';
export type { TokenSource } from './auth.js';
export {
  MedschedError,
  ValidationError,
  ResponseValidationError,
  ApiError,
  BadRequestError,
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
  type FieldIssue,
} from './errors.js';
export { Page, parseLinkHeader } from './pagination.js';
export type { LogEntry, RequestOptions } from './transport.js';
export type { RetryDelays } from './retry.js';
export type { Accounts } from './resources/accounts.js';
export type { Bake } from './resources/bake.js';
export type { Calendars } from './resources/calendars.js';
export type { Devices } from './resources/devices.js';
export type { Medications } from './resources/medications.js';
export type { Organizations } from './resources/organizations.js';
export type { Pdf } from './resources/pdf.js';
export type { Users } from './resources/users.js';
export type * from './schemas/index.js';
