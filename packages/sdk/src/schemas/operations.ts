import * as z from 'zod/mini';
import { Account, AccountIdParams, AccountUpdate } from './accounts.js';
import { BakeCreate, BakeQuery, BakeResult, UnbakeResult } from './bake.js';
import {
  CalendarEntry,
  CalendarEntryCreate,
  CalendarEntryReplace,
  CalendarEntryUpdate,
  CalendarIdParams,
  CalendarListQuery,
} from './calendars.js';
import { Device, DeviceEvent, DeviceEventsQuery, DeviceIdParams, DeviceUpdate } from './devices.js';
import { Medication, MedicationCreate, MedicationIdParams, MedicationUpdate } from './medications.js';
import { Organization, OrganizationIdParams, OrganizationUpdate } from './organizations.js';
import { PdfLink, PdfQuery } from './pdf.js';
import { User, UserCreate, UserListQuery } from './users.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One operation of the API: the contract that the SDK, the servers and the OpenAPI document share. */
export interface Operation {
  /** Stable id, `group.action`, e.g. `calendars.create`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path under `/v1`, OpenAPI style: `/calendars/{calendarId}`. */
  readonly path: string;
  readonly summary: string;
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
  /** Status of a successful answer. */
  readonly status: 200 | 201;
  /** The answer carries `X-Total-Count` and `Link`. */
  readonly paginated?: true;
  /** May be retried without creating anything twice. */
  readonly idempotent: boolean;
}

const op = <const O extends Operation>(operation: O): O => operation;

/** Every operation of the service interface, in its numbering. */
export const operations = {
  'accounts.update': op({ id: 'accounts.update', method: 'PATCH', path: '/accounts/{accountId}', summary: 'Update an account', params: AccountIdParams, body: AccountUpdate, response: Account, status: 200, idempotent: true }),
  'bake.get': op({ id: 'bake.get', method: 'GET', path: '/calendars/bake', summary: "Read a patient's baked schedule", query: BakeQuery, response: BakeResult, status: 200, idempotent: true }),
  'bake.create': op({ id: 'bake.create', method: 'POST', path: '/calendars/bake', summary: 'Bake (finalize) entries over a date range', body: BakeCreate, response: BakeResult, status: 200, idempotent: true }),
  'bake.delete': op({ id: 'bake.delete', method: 'DELETE', path: '/calendars/bake', summary: "Unbake a patient's range", query: BakeQuery, response: UnbakeResult, status: 200, idempotent: true }),
  'calendars.list': op({ id: 'calendars.list', method: 'GET', path: '/calendars/', summary: 'List calendar entries', query: CalendarListQuery, response: z.array(CalendarEntry), status: 200, paginated: true, idempotent: true }),
  'calendars.create': op({ id: 'calendars.create', method: 'POST', path: '/calendars/', summary: 'Create a calendar entry', body: CalendarEntryCreate, response: CalendarEntry, status: 201, idempotent: false }),
  'calendars.get': op({ id: 'calendars.get', method: 'GET', path: '/calendars/{calendarId}', summary: 'Get a calendar entry', params: CalendarIdParams, response: CalendarEntry, status: 200, idempotent: true }),
  'calendars.replace': op({ id: 'calendars.replace', method: 'POST', path: '/calendars/{calendarId}', summary: 'Replace a calendar entry', params: CalendarIdParams, body: CalendarEntryReplace, response: CalendarEntry, status: 200, idempotent: true }),
  'calendars.update': op({ id: 'calendars.update', method: 'PATCH', path: '/calendars/{calendarId}', summary: 'Update part of a calendar entry', params: CalendarIdParams, body: CalendarEntryUpdate, response: CalendarEntry, status: 200, idempotent: true }),
  'devices.update': op({ id: 'devices.update', method: 'PATCH', path: '/devices/{deviceId}', summary: 'Update a device', params: DeviceIdParams, body: DeviceUpdate, response: Device, status: 200, idempotent: true }),
  'devices.events': op({ id: 'devices.events', method: 'GET', path: '/devices/events/{deviceId}', summary: "List a device's events", params: DeviceIdParams, query: DeviceEventsQuery, response: z.array(DeviceEvent), status: 200, idempotent: true }),
  'medications.create': op({ id: 'medications.create', method: 'POST', path: '/medications/', summary: 'Create a medication', body: MedicationCreate, response: Medication, status: 201, idempotent: false }),
  'medications.get': op({ id: 'medications.get', method: 'GET', path: '/medications/{medicationId}', summary: 'Get a medication', params: MedicationIdParams, response: Medication, status: 200, idempotent: true }),
  'medications.replace': op({ id: 'medications.replace', method: 'POST', path: '/medications/{medicationId}', summary: 'Replace a medication', params: MedicationIdParams, body: MedicationUpdate, response: Medication, status: 200, idempotent: true }),
  'medications.update': op({ id: 'medications.update', method: 'PATCH', path: '/medications/{medicationId}', summary: 'Update part of a medication', params: MedicationIdParams, body: MedicationUpdate, response: Medication, status: 200, idempotent: true }),
  'medications.delete': op({ id: 'medications.delete', method: 'DELETE', path: '/medications/{medicationId}', summary: 'Delete a medication', params: MedicationIdParams, response: Medication, status: 200, idempotent: true }),
  'organizations.get': op({ id: 'organizations.get', method: 'GET', path: '/organizations/{organizationId}', summary: 'Get an organization', params: OrganizationIdParams, response: Organization, status: 200, idempotent: true }),
  'organizations.update': op({ id: 'organizations.update', method: 'PATCH', path: '/organizations/{organizationId}', summary: 'Update an organization', params: OrganizationIdParams, body: OrganizationUpdate, response: Organization, status: 200, idempotent: true }),
  'users.list': op({ id: 'users.list', method: 'GET', path: '/users/', summary: "List an organization's users", query: UserListQuery, response: z.array(User), status: 200, paginated: true, idempotent: true }),
  'users.create': op({ id: 'users.create', method: 'POST', path: '/users/', summary: 'Create a user', body: UserCreate, response: User, status: 201, idempotent: false }),
  'pdf.sign': op({ id: 'pdf.sign', method: 'GET', path: '/pdf/', summary: 'Get a signed link to a PDF of an allowed page', query: PdfQuery, response: PdfLink, status: 200, idempotent: true }),
} as const;

export type OperationId = keyof typeof operations;
