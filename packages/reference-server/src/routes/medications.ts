import { operations } from '@medsched/sdk/schemas';
import { createMedication, deleteMedication, getMedication, replaceMedication, updateMedication } from '../domain/directory/medications.js';
import { staffRoles } from '../domain/access/tenancy.js';
import { defineRoute } from './route.js';

export const medicationRoutes = [
  defineRoute({ operation: operations['medications.create'], roles: staffRoles, operate: (ctx, { body }) => createMedication(ctx, body) }),
  defineRoute({ operation: operations['medications.get'], roles: staffRoles, operate: (ctx, { params }) => getMedication(ctx, params.medicationId) }),
  defineRoute({ operation: operations['medications.replace'], roles: staffRoles, operate: (ctx, { params, body }) => replaceMedication(ctx, params.medicationId, body) }),
  defineRoute({ operation: operations['medications.update'], roles: staffRoles, operate: (ctx, { params, body }) => updateMedication(ctx, params.medicationId, body) }),
  defineRoute({ operation: operations['medications.delete'], roles: staffRoles, operate: (ctx, { params }) => deleteMedication(ctx, params.medicationId) }),
];
