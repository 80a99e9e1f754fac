import { operations } from '@medsched/sdk/schemas';
import { createCalendarEntry, listCalendarEntries, readCalendarEntry, replaceCalendarEntry, updateCalendarEntry } from '../domain/calendars/calendars.js';
import { allRoles, staffRoles } from '../domain/access/tenancy.js';
import { toCalendarEntry } from '../domain/calendars/calendar-mapping.js';
import { defineRecordRoute, defineRoute } from './route.js';

export const calendarRoutes = [
  defineRoute({ operation: operations['calendars.list'], roles: allRoles, operate: (ctx, { query }) => listCalendarEntries(ctx, query) }),
  defineRoute({ operation: operations['calendars.create'], roles: staffRoles, operate: (ctx, { body }) => createCalendarEntry(ctx, body) }),
  defineRecordRoute({
    operation: operations['calendars.get'],
    roles: allRoles,
    read: (ctx, { params }) => readCalendarEntry(ctx, params.calendarId),
    present: toCalendarEntry,
  }),
  defineRoute({ operation: operations['calendars.replace'], roles: staffRoles, operate: (ctx, { params, body }) => replaceCalendarEntry(ctx, params.calendarId, body) }),
  defineRoute({ operation: operations['calendars.update'], roles: staffRoles, operate: (ctx, { params, body }) => updateCalendarEntry(ctx, params.calendarId, body) }),
];
