/**
 * The tenancy and role rules of api-decisions.md: every record belongs to one organization;
 * a record of another organization is 403 and never shows its content.
 */
import type { UserRole } from '@medsched/sdk/schemas';
import type { Caller } from './caller.js';
import { forbidden } from '../operation/problems.js';

/** Roles that make a user a patient: `patient` ids in calendars, devices and bakes name such users. */
export const patientRoles: readonly UserRole[] = ['patient', 'onlyself'];
export const staffRoles: readonly UserRole[] = ['admin', 'user'];
export const allRoles: readonly UserRole[] = ['admin', 'user', 'patient', 'onlyself'];

export const isPatientRole = (role: string): boolean => (patientRoles as readonly string[]).includes(role);

/** The roles each role may create with `POST /users/` (no privilege escalation). */
const creatableRoles: ReadonlyMap<string, readonly UserRole[]> = new Map<UserRole, readonly UserRole[]>([
  ['admin', ['admin', 'user', 'patient', 'onlyself']],
  ['user', ['patient']],
  ['patient', []],
  ['onlyself', []],
]);

export function assertMayCreateRole(caller: Caller, role: UserRole): void {
  const allowed = creatableRoles.get(caller.role) ?? [];
  if (!allowed.includes(role)) {
    throw forbidden(allowed.length ? `a caller of role ${caller.role} may create users of role ${allowed.join(', ')} only, not ${role}` : `a caller of role ${caller.role} may not create users`);
  }
}

/**
 * 403 unless the record belongs to the caller's organization. The detail names the caller's own
 * organization, so that a person sees which credential is in use, and nothing of the record's.
 */
export function assertSameOrganization(caller: Caller, organizationId: string, what: string, id?: string): void {
  if (organizationId !== caller.organizationId) {
    const subject = id === undefined ? `this ${what}` : `${what} ${id}`;
    throw forbidden(`your credential belongs to organization ${caller.organizationId}; ${subject} belongs to another organization`);
  }
}

/** Patients see only what is theirs; staff see everything in their organization. */
export function assertOwnPatientData(caller: Caller, patientId: string | null | undefined, what: string): void {
  if (isPatientRole(caller.role) && patientId !== caller.user.id) {
    throw forbidden(`a ${caller.role} may only read its own ${what}`);
  }
}
