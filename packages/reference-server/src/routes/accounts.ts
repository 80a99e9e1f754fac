import { operations } from '@medsched/sdk/schemas';
import { updateAccount } from '../domain/access/accounts.js';
import { allRoles } from '../domain/access/tenancy.js';
import { defineRoute } from './route.js';

export const accountRoutes = [
  // Everyone may update its own account; admins any account of their organization (checked in the domain).
  defineRoute({ operation: operations['accounts.update'], roles: allRoles, operate: (ctx, { params, body }) => updateAccount(ctx, params.accountId, body) }),
];
