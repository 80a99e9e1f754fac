import { z } from 'zod';
import { FreeObject, ObjectId } from './primitives.js';

/** An organization (pharmacy, care home, …): the tenant every record belongs to. */
export const Organization = z
  .looseObject({
    id: ObjectId,
    name: z.string(),
    email: z.string(),
    kind: z.string(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

/** Body of `PATCH /organizations/{organizationId}`; `organization` must equal the path id. */
export const OrganizationUpdate = z
  .strictObject({
    name: z.string().min(1).max(500).optional(),
    organization: ObjectId,
    kind: z.string().max(100).optional(),
    meta: FreeObject.optional(),
  })
  .meta({ id: 'OrganizationUpdate' });
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;

/** Path parameters of `/organizations/{organizationId}`. */
export const OrganizationIdParams = z.strictObject({ organizationId: ObjectId });
