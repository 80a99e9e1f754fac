import * as defined from './operation-definitions.js';

export type { HttpMethod, Operation } from './operation.js';

/** Every operation of the service interface, in its numbering. */
export const operations = {
  'accounts.update': defined.accountsUpdate,
  'bake.get': defined.bakeGet,
  'bake.create': defined.bakeCreate,
  'bake.delete': defined.bakeDelete,
  'calendars.list': defined.calendarsList,
  'calendars.create': defined.calendarsCreate,
  'calendars.get': defined.calendarsGet,
  'calendars.replace': defined.calendarsReplace,
  'calendars.update': defined.calendarsUpdate,
  'devices.update': defined.devicesUpdate,
  'devices.events': defined.devicesEvents,
  'medications.create': defined.medicationsCreate,
  'medications.get': defined.medicationsGet,
  'medications.replace': defined.medicationsReplace,
  'medications.update': defined.medicationsUpdate,
  'medications.delete': defined.medicationsDelete,
  'organizations.get': defined.organizationsGet,
  'organizations.update': defined.organizationsUpdate,
  'users.list': defined.usersList,
  'users.create': defined.usersCreate,
  'pdf.sign': defined.pdfSign,
} as const;

export type OperationId = keyof typeof operations;
