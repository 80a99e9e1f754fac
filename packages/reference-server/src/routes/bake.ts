import { operations } from '@medsched/sdk/schemas';
import { notImplemented } from '../domain/problems.js';
import { allRoles, staffRoles } from '../domain/tenancy.js';
import { defineRoute } from './route.js';

/** The bake engine arrives with issue 4; until then these answer 501 after auth, validation and role checks. */
export const bakeRoutes = [
  defineRoute({ operation: operations['bake.get'], roles: allRoles, operate: () => { throw notImplemented('GET /calendars/bake'); } }),
  defineRoute({ operation: operations['bake.create'], roles: staffRoles, operate: () => { throw notImplemented('POST /calendars/bake'); } }),
  defineRoute({ operation: operations['bake.delete'], roles: staffRoles, operate: () => { throw notImplemented('DELETE /calendars/bake'); } }),
];
