import { operations } from '@medsched/sdk/schemas';
import { staffRoles } from '../domain/access/tenancy.js';
import { signPdfLink } from '../domain/pdf/sign-pdf-link.js';
import { defineRoute } from './route.js';

export const pdfRoutes = [defineRoute({ operation: operations['pdf.sign'], roles: staffRoles, operate: (ctx, { query }) => signPdfLink(ctx, query.urlPath, ctx.origin) })];
