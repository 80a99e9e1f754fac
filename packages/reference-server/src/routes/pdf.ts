import { operations } from '@medsched/sdk/schemas';
import { notImplemented } from '../domain/problems.js';
import { staffRoles } from '../domain/tenancy.js';
import { defineRoute } from './route.js';

/** Signed PDF links arrive with issue 4. */
export const pdfRoutes = [
  defineRoute({ operation: operations['pdf.sign'], roles: staffRoles, operate: () => { throw notImplemented('GET /pdf/'); } }),
];
