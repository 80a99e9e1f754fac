import { operations } from '@medsched/sdk/schemas';
import { staffRoles } from '../domain/access/tenancy.js';
import { defineRoute } from './route.js';

export const pdfRoutes = [
  defineRoute({ operation: operations['pdf.sign'], roles: staffRoles, operate: (ctx, { query }) => ctx.pdfLinks.sign(ctx, query.urlPath, ctx.origin) }),
];
