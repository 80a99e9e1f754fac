import type { OrganizationRecord, UserRecord } from '../../db/models.js';
import type { OperationContext } from '../operation/context.js';
import { forbidden, invalid, notFound } from '../operation/problems.js';
import { assertSameOrganization, isPatientRole } from '../access/tenancy.js';

/** A record by id: 404 when it exists nowhere, 403 when it is another organization's. */
export function findInOrganization<T extends { organization: string }>(ctx: OperationContext, table: { get(id: string): T | undefined }, id: string, what: string): T {
  const record = table.get(id);
  if (!record) throw notFound(what, id);
  assertSameOrganization(ctx.caller, record.organization, what, id);
  return record;
}

/** The patient a calendar entry, device or bake names: a user of role patient or onlyself. */
export function findPatient(ctx: OperationContext, id: string, field = 'patient'): UserRecord {
  const user = findInOrganization(ctx, ctx.db.users, id, 'patient');
  // Access is decided before anything about the user is told: a patient names only itself.
  if (isPatientRole(ctx.caller.role) && user.id !== ctx.caller.user.id) throw forbidden(`a ${ctx.caller.role} may only name itself as ${field}`);
  if (!isPatientRole(user.role)) throw invalid(field, `user ${id} has role ${user.role}; a patient has role patient or onlyself`);
  return user;
}

/** An organization by id: 404 when unknown, 403 when it is not the caller's. */
export function findOrganization(ctx: OperationContext, id: string): OrganizationRecord {
  const organization = ctx.db.organizations.get(id);
  if (!organization) throw notFound('organization', id);
  assertSameOrganization(ctx.caller, organization.id, 'organization', id);
  return organization;
}
