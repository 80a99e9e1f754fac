import * as z from 'zod/mini';
import { text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { answerObject, FreeObject, IsoDateTime, ObjectId } from './primitives.js';

/** An organization (pharmacy, care home, …): the tenant every record belongs to. */
export const Organization = withMeta(
  answerObject({
    id: withMeta(ObjectId, { description: "The organization's object id." }),
    name: withMeta(text(textLimits.answered), { description: 'Display name.' }),
    email: withMeta(text(textLimits.email), { description: 'Contact e-mail.' }),
    kind: withMeta(text(textLimits.answered), { description: 'Kind of organization, e.g. `pharmacy` or `care_home`.' }),
    meta: withMeta(z.optional(FreeObject), { description: 'Free-form data kept with the organization (e.g. its `timezone`).' }),
    createdAt: withMeta(z.optional(IsoDateTime), { description: 'When the organization was created, ISO 8601 UTC.' }),
    updatedAt: withMeta(z.optional(IsoDateTime), { description: 'When the organization last changed, ISO 8601 UTC.' }),
  }),
  { id: 'Organization' },
);
export type Organization = z.infer<typeof Organization>;

/** Body of `PATCH /organizations/{organizationId}`; `organization` must equal the path id. */
export const OrganizationUpdate = withMeta(
  z.strictObject({
    name: z.optional(text(textLimits.title, 1)),
    organization: ObjectId,
    kind: z.optional(text(textLimits.label)),
    meta: z.optional(FreeObject),
  }),
  { id: 'OrganizationUpdate' },
);
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;

/** Path parameters of `/organizations/{organizationId}`. */
export const OrganizationIdParams = z.strictObject({ organizationId: withMeta(ObjectId, { description: 'Id of the organization (24 lower-case hex characters).' }) });
