import * as z from 'zod';
import { FreeObject, ObjectId } from './primitives.js';

/** An organization (pharmacy, care home, …): the tenant every record belongs to. */
export const Organization = z
  .looseObject({
    id: ObjectId.meta({ description: 'The organization\'s object id.' }),
    name: z.string().meta({ description: 'Display name.' }),
    email: z.string().meta({ description: 'Contact e-mail.' }),
    kind: z.string().meta({ description: 'Kind of organization, e.g. `pharmacy` or `care_home`.' }),
    meta: FreeObject.optional().meta({ description: 'Free-form data kept with the organization (e.g. its `timezone`).' }),
    createdAt: z.string().optional().meta({ description: 'When the organization was created, ISO 8601 UTC.' }),
    updatedAt: z.string().optional().meta({ description: 'When the organization last changed, ISO 8601 UTC.' }),
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
export const OrganizationIdParams = z.strictObject({ organizationId: ObjectId.meta({ description: 'Id of the organization (24 lower-case hex characters).' }) });
