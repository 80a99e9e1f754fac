import { operations } from '@medsched/sdk/schemas';
import { staffRoles } from '../domain/access/tenancy.js';
import { createUser, listUsers } from '../domain/directory/users.js';
import { defineRoute } from './route.js';

export const userRoutes = [
  // Staff list their organization's users to find the patients they schedule for.
  defineRoute({ operation: operations['users.list'], roles: staffRoles, operate: (ctx, { query }) => listUsers(ctx, query) }),
  // Staff of role user may create patients; the domain refuses roles above the caller's.
  defineRoute({ operation: operations['users.create'], roles: staffRoles, operate: (ctx, { body }) => createUser(ctx, body) }),
];
