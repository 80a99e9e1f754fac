import { operations } from '@medsched/sdk/schemas';
import { bake, readBake, unbake } from '../domain/calendars/bake.js';
import { allRoles, staffRoles } from '../domain/access/tenancy.js';
import { defineRoute } from './route.js';

export const bakeRoutes = [
  defineRoute({ operation: operations['bake.get'], roles: allRoles, operate: (ctx, { query }) => readBake(ctx, query) }),
  defineRoute({ operation: operations['bake.create'], roles: staffRoles, operate: (ctx, { body }) => bake(ctx, body) }),
  defineRoute({ operation: operations['bake.delete'], roles: staffRoles, operate: (ctx, { query }) => unbake(ctx, query) }),
];
