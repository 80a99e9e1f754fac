/**
 * @medsched/sdk: the typed client of the medsched medication-scheduling API.
 *
 * @example
 * import { createClient, NotFoundError } from '@medsched/sdk';
 * const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'msk_…' });
 * for await (const entry of client.calendars.iterate({ patient })) console.log(entry.date, entry.title);
 */
export { createClient, MedschedClient } from './client.js';
/** Everything in `@medsched/sdk/core`: the client without resource groups (`createBaseClient`), errors, pages, transport types. */
export * from './core.js';
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
