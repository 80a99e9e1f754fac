/**
 * @medsched/sdk: the typed client of the medsched medication-scheduling API.
 *
 * @example
 * import { createClient, NotFoundError } from '@medsched/sdk';
 * const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'msk_…' });
 * for await (const entry of client.calendars.iterate({ patient })) console.log(entry.date, entry.title);
 */
export { createClient, MedschedClient, type ClientOptions, type RawRequest, type RawResponse, type StandardSchema } from './client.js';
/** The client without resource groups, for smaller bundles (also at `@medsched/sdk/core`). */
export { createBaseClient, MedschedBaseClient } from './base-client.js';
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
  type FieldIssue,
} from './errors.js';
export { Page, parseLinkHeader } from './pagination.js';
export type { CallResult, CreateRequestOptions, LogEntry, LoggerEntry, RequestOptions, RetryWaitEntry, RetryWaitReason } from './transport.js';
export type { RetryDelays } from './retry.js';
// Each resource group's class (for `new Calendars(createBaseClient(…))`) and its standalone functions
// (`listCalendarEntries(client, …)`): a bundle carries only the operations it calls.
export { Accounts, updateAccount } from './resources/accounts.js';
export { Bake, createBake, deleteBake, getBake } from './resources/bake.js';
export { Calendars, createCalendarEntry, getCalendarEntry, iterateCalendarEntries, listCalendarEntries, replaceCalendarEntry, updateCalendarEntry } from './resources/calendars.js';
export { Devices, listDeviceEvents, updateDevice } from './resources/devices.js';
export { Medications, createMedication, deleteMedication, getMedication, replaceMedication, updateMedication } from './resources/medications.js';
export { Organizations, getOrganization, updateOrganization } from './resources/organizations.js';
export { Pdf, signPdfLink } from './resources/pdf.js';
export { Users, createUser, iterateUsers, listUsers } from './resources/users.js';
/** The contract's schemas and types; each schema is a value and a type of the same name, so both exist at run time. */
export * from './schemas/index.js';
