/**
 * The contract of the medsched API as zod schemas: every resource, input, query and answer.
 * Types come from the schemas (`z.infer`); the reference server validates with these very schemas.
 *
 * @example
 * import { CalendarEntryCreate } from '@medsched/sdk/schemas';
 * const body = CalendarEntryCreate.parse(input);
 */
export { itemLimits, textLimits } from './bounds.js';
export * from './primitives.js';
export * from './list-query.js';
export * from './problem.js';
export * from './accounts.js';
export * from './calendars.js';
export * from './bake.js';
export * from './devices.js';
export * from './medications.js';
export * from './organizations.js';
export * from './users.js';
export * from './pdf.js';
export * from './operations.js';
