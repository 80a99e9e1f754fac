import type { Organization, OrganizationUpdate } from '@medsched/sdk/schemas';
import type { OperationContext } from '../operation/context.js';
import { findOrganization } from './lookups.js';
import { invalid } from '../operation/problems.js';

export function getOrganization(ctx: OperationContext, id: string): Organization {
  return findOrganization(ctx, id);
}

export async function updateOrganization(ctx: OperationContext, id: string, body: OrganizationUpdate): Promise<Organization> {
  if (body.organization !== id) throw invalid('organization', `must equal the organization id in the path (${id})`);
  const organization = findOrganization(ctx, id);
  return ctx.db.organizations.update(organization, (draft) => {
    if (body.name !== undefined) draft.name = body.name;
    if (body.kind !== undefined) draft.kind = body.kind;
    if (body.meta !== undefined) draft.meta = body.meta;
    draft.updatedAt = ctx.now().toISOString();
  });
}
