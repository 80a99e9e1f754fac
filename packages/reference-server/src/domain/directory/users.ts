import type { User, UserCreate, UserListQuery } from '@medsched/sdk/schemas';
import type { UserRecord } from '../../db/models.js';
import type { OperationContext } from '../operation/context.js';
import { checkRoleFilter, containsIgnoringCase, recordOrder } from '../operation/list-filters.js';
import { findOrganization } from './lookups.js';
import { pageOfSorted, type Page } from '../operation/pagination.js';
import { assertEmailFree } from './email-owner.js';
import { assertMayCreateRole, isPatientRole } from '../access/tenancy.js';

/** The answer shape: the stored user (its account id lets admins address `PATCH /accounts/{id}`). */
export const toUser = (record: UserRecord): User => ({ ...record });

export function listUsers(ctx: OperationContext, query: UserListQuery): Page<User> {
  checkRoleFilter(query.role);
  const organization = findOrganization(ctx, query.organization);
  // A page is read from the organization's sorted list (kept in step with every write); own fields only.
  const sorted = ctx.db.users.sorted(
    'organization',
    organization.id,
    recordOrder<UserRecord>(query.sortBy, (user, field) => (Object.hasOwn(user, field) ? (user as Record<string, unknown>)[field] : undefined)),
  );
  const filtered = query.role !== undefined || query.name !== undefined || query.search !== undefined;
  return pageOfSorted(
    sorted,
    query,
    toUser,
    filtered
      ? (user) =>
          (query.role === undefined || user.role === query.role) &&
          (query.name === undefined || containsIgnoringCase(user.name, query.name)) &&
          (query.search === undefined || containsIgnoringCase(user.name, query.search) || containsIgnoringCase(user.email, query.search))
      : undefined,
  );
}

/** A display name when none is given: the local part of the e-mail, else a neutral label. */
const nameFrom = (email: string | null | undefined): string => (email ? email.split('@')[0]! : 'Unnamed user');

export async function createUser(ctx: OperationContext, body: UserCreate): Promise<User> {
  const { db, caller } = ctx;
  findOrganization(ctx, body.organization);
  const role = body.role ?? 'patient';
  assertMayCreateRole(caller, role);
  const email = body.email ?? null;
  if (email) assertEmailFree(db, email);
  const now = ctx.now().toISOString();
  const record = await db.users.create({
    id: ctx.newId(),
    organization: body.organization,
    name: body.name ?? nameFrom(email),
    email,
    role,
    category: body.category ?? (isPatientRole(role) ? 'patient' : null),
    timezone: body.timezone ?? 'UTC',
    meta: body.meta ?? {},
    apps: body.apps ?? {},
    accountId: null,
    createdAt: now,
    updatedAt: now,
  });
  return toUser(record);
}
