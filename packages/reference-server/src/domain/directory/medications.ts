import type { Medication, MedicationCreate, MedicationUpdate } from '@medsched/sdk/schemas';
import type { OperationContext } from '../operation/context.js';
import { findInOrganization, findOrganization } from './lookups.js';
import { forbidden } from '../operation/problems.js';

const what = 'medication';

/** Medications stay in their organization: a caller belongs to one and cannot move them out. */
function checkOrganization(ctx: OperationContext, organization: string | undefined, current: string): void {
  if (organization !== undefined && organization !== current) throw forbidden('a medication cannot move to another organization');
}

export async function createMedication(ctx: OperationContext, body: MedicationCreate): Promise<Medication> {
  const organization = body.organization === undefined ? ctx.caller.organizationId : findOrganization(ctx, body.organization).id;
  const now = ctx.now().toISOString();
  return ctx.db.medications.create({
    id: ctx.newId(),
    name: body.name ?? '',
    organization,
    meta: body.meta ?? {},
    date: body.date ?? now,
    createdAt: now,
    updatedAt: now,
  });
}

export function getMedication(ctx: OperationContext, id: string): Medication {
  return findInOrganization(ctx, ctx.db.medications, id, what);
}

/** `POST /medications/{id}`: name and meta are replaced (absent ones become empty). */
export async function replaceMedication(ctx: OperationContext, id: string, body: MedicationUpdate): Promise<Medication> {
  const medication = findInOrganization(ctx, ctx.db.medications, id, what);
  checkOrganization(ctx, body.organization, medication.organization);
  return ctx.db.medications.update(medication, (draft) => {
    draft.name = body.name ?? '';
    draft.meta = body.meta ?? {};
    draft.updatedAt = ctx.now().toISOString();
  });
}

export async function updateMedication(ctx: OperationContext, id: string, body: MedicationUpdate): Promise<Medication> {
  const medication = findInOrganization(ctx, ctx.db.medications, id, what);
  checkOrganization(ctx, body.organization, medication.organization);
  return ctx.db.medications.update(medication, (draft) => {
    if (body.name !== undefined) draft.name = body.name;
    if (body.meta !== undefined) draft.meta = body.meta;
    draft.updatedAt = ctx.now().toISOString();
  });
}

export function deleteMedication(ctx: OperationContext, id: string): Medication {
  return ctx.db.medications.delete(findInOrganization(ctx, ctx.db.medications, id, what));
}
