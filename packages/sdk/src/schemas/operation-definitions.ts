/**
 * Each operation of the service interface as a constant of its own (`calendarsList`, …): a
 * resource imports only the operations it calls, so that a bundle of one resource carries only
 * their schemas and paths. Internal: the public catalogue is `operations` (operations.ts).
 */
import * as z from 'zod/mini';
import type { Operation } from './operation.js';
import { itemLimits } from './bounds.js';
import { Account, AccountIdParams, AccountUpdate } from './accounts.js';
import { BakeCreate, BakeQuery, BakeResult, UnbakeResult } from './bake.js';
import { CalendarEntry, CalendarEntryCreate, CalendarEntryReplace, CalendarEntryUpdate, CalendarIdParams, CalendarListQuery } from './calendars.js';
import { Device, DeviceEvent, DeviceEventsQuery, DeviceIdParams, DeviceUpdate } from './devices.js';
import { Medication, MedicationCreate, MedicationIdParams, MedicationUpdate } from './medications.js';
import { Organization, OrganizationIdParams, OrganizationUpdate } from './organizations.js';
import { PdfLink, PdfQuery } from './pdf.js';
import { User, UserCreate, UserListQuery } from './users.js';

const op = <const O extends Operation>(operation: O): O => operation;

export const accountsUpdate = op({
  id: 'accounts.update',
  method: 'PATCH',
  path: '/accounts/{accountId}',
  summary: 'Update an account',
  params: AccountIdParams,
  body: AccountUpdate,
  response: Account,
  status: 200,
  idempotent: true,
});
export const bakeGet = op({
  id: 'bake.get',
  method: 'GET',
  path: '/calendars/bake',
  summary: "Read a patient's baked schedule",
  query: BakeQuery,
  response: BakeResult,
  status: 200,
  idempotent: true,
});
export const bakeCreate = op({
  id: 'bake.create',
  method: 'POST',
  path: '/calendars/bake',
  summary: 'Bake (finalize) entries over a date range',
  body: BakeCreate,
  response: BakeResult,
  status: 200,
  idempotent: true,
});
export const bakeDelete = op({
  id: 'bake.delete',
  method: 'DELETE',
  path: '/calendars/bake',
  summary: "Unbake a patient's range",
  query: BakeQuery,
  response: UnbakeResult,
  status: 200,
  idempotent: true,
});
export const calendarsList = op({
  id: 'calendars.list',
  method: 'GET',
  path: '/calendars/',
  summary: 'List calendar entries',
  query: CalendarListQuery,
  response: z.array(CalendarEntry).check(z.maxLength(itemLimits.page)),
  status: 200,
  paginated: true,
  idempotent: true,
});
export const calendarsCreate = op({
  id: 'calendars.create',
  method: 'POST',
  path: '/calendars/',
  summary: 'Create a calendar entry',
  body: CalendarEntryCreate,
  response: CalendarEntry,
  status: 201,
  idempotent: false,
});
export const calendarsGet = op({
  id: 'calendars.get',
  method: 'GET',
  path: '/calendars/{calendarId}',
  summary: 'Get a calendar entry',
  params: CalendarIdParams,
  response: CalendarEntry,
  status: 200,
  idempotent: true,
});
export const calendarsReplace = op({
  id: 'calendars.replace',
  method: 'POST',
  path: '/calendars/{calendarId}',
  summary: 'Replace a calendar entry',
  params: CalendarIdParams,
  body: CalendarEntryReplace,
  response: CalendarEntry,
  status: 200,
  idempotent: true,
});
export const calendarsUpdate = op({
  id: 'calendars.update',
  method: 'PATCH',
  path: '/calendars/{calendarId}',
  summary: 'Update part of a calendar entry',
  params: CalendarIdParams,
  body: CalendarEntryUpdate,
  response: CalendarEntry,
  status: 200,
  idempotent: true,
});
export const devicesUpdate = op({
  id: 'devices.update',
  method: 'PATCH',
  path: '/devices/{deviceId}',
  summary: 'Update a device',
  params: DeviceIdParams,
  body: DeviceUpdate,
  response: Device,
  status: 200,
  idempotent: true,
});
export const devicesEvents = op({
  id: 'devices.events',
  method: 'GET',
  path: '/devices/events/{deviceId}',
  summary: "List a device's events",
  params: DeviceIdParams,
  query: DeviceEventsQuery,
  response: z.array(DeviceEvent).check(z.maxLength(itemLimits.deviceEvents)),
  status: 200,
  idempotent: true,
});
export const medicationsCreate = op({
  id: 'medications.create',
  method: 'POST',
  path: '/medications/',
  summary: 'Create a medication',
  body: MedicationCreate,
  response: Medication,
  status: 201,
  idempotent: false,
});
export const medicationsGet = op({
  id: 'medications.get',
  method: 'GET',
  path: '/medications/{medicationId}',
  summary: 'Get a medication',
  params: MedicationIdParams,
  response: Medication,
  status: 200,
  idempotent: true,
});
export const medicationsReplace = op({
  id: 'medications.replace',
  method: 'POST',
  path: '/medications/{medicationId}',
  summary: 'Replace a medication',
  params: MedicationIdParams,
  body: MedicationUpdate,
  response: Medication,
  status: 200,
  idempotent: true,
});
export const medicationsUpdate = op({
  id: 'medications.update',
  method: 'PATCH',
  path: '/medications/{medicationId}',
  summary: 'Update part of a medication',
  params: MedicationIdParams,
  body: MedicationUpdate,
  response: Medication,
  status: 200,
  idempotent: true,
});
export const medicationsDelete = op({
  id: 'medications.delete',
  method: 'DELETE',
  path: '/medications/{medicationId}',
  summary: 'Delete a medication',
  params: MedicationIdParams,
  response: Medication,
  status: 200,
  idempotent: true,
});
export const organizationsGet = op({
  id: 'organizations.get',
  method: 'GET',
  path: '/organizations/{organizationId}',
  summary: 'Get an organization',
  params: OrganizationIdParams,
  response: Organization,
  status: 200,
  idempotent: true,
});
export const organizationsUpdate = op({
  id: 'organizations.update',
  method: 'PATCH',
  path: '/organizations/{organizationId}',
  summary: 'Update an organization',
  params: OrganizationIdParams,
  body: OrganizationUpdate,
  response: Organization,
  status: 200,
  idempotent: true,
});
export const usersList = op({
  id: 'users.list',
  method: 'GET',
  path: '/users/',
  summary: "List an organization's users",
  query: UserListQuery,
  response: z.array(User).check(z.maxLength(itemLimits.page)),
  status: 200,
  paginated: true,
  idempotent: true,
});
export const usersCreate = op({ id: 'users.create', method: 'POST', path: '/users/', summary: 'Create a user', body: UserCreate, response: User, status: 201, idempotent: false });
export const pdfSign = op({
  id: 'pdf.sign',
  method: 'GET',
  path: '/pdf/',
  summary: 'Get a signed link to a PDF of an allowed page',
  query: PdfQuery,
  response: PdfLink,
  status: 200,
  idempotent: true,
});
