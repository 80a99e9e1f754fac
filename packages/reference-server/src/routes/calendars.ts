import { operations } from '@medsched/sdk/schemas';
import {
  createCalendarEntry,
  getCalendarEntry,
  listCalendarEntries,
  replaceCalendarEntry,
  updateCalendarEntry,
} from '../domain/calendars/calendars.js';
import { allRoles, staffRoles } from '../domain/access/tenancy.js';
import { defineRoute } from './route.js';

export const calendarRoutes = [
  defineRoute({ operation: operations['calendars.list'], roles: allRoles, operate: (ctx, { query }) => listCalendarEntries(ctx, query) }),
  defineRoute({ operation: operations['calendars.create'], roles: staffRoles, operate: (ctx, { body }) => createCalendarEntry(ctx, body) }),
  defineRoute({ operation: operations['calendars.get'], roles: allRoles, operate: (ctx, { params }) => getCalendarEntry(ctx, params.calendarId) }),
  defineRoute({ operation: operations['calendars.replace'], roles: staffRoles, operate: (ctx, { params, body }) => replaceCalendarEntry(ctx, params.calendarId, body) }),
  defineRoute({ operation: operations['calendars.update'], roles: staffRoles, operate: (ctx, { params, body }) => updateCalendarEntry(ctx, params.calendarId, body) }),
];
