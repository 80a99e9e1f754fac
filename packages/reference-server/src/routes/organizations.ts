import { operations } from '@medsched/sdk/schemas';
import { getOrganization, updateOrganization } from '../domain/directory/organizations.js';
import { staffRoles } from '../domain/access/tenancy.js';
import { defineRoute } from './route.js';

export const organizationRoutes = [
  // Staff read their organization (e.g. to show its name); patients have no access (api-decisions.md).
  defineRoute({ operation: operations['organizations.get'], roles: staffRoles, operate: (ctx, { params }) => getOrganization(ctx, params.organizationId) }),
  defineRoute({ operation: operations['organizations.update'], roles: ['admin'], operate: (ctx, { params, body }) => updateOrganization(ctx, params.organizationId, body) }),
];
