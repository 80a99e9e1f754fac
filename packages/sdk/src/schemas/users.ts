import * as z from 'zod/mini';
import { text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { listQueryShape, sortBy } from './list-query.js';
import { AccountId, answerObject, FreeObject, IsoDateTime, ObjectId, openEnum, TimeZone } from './primitives.js';

import { UserRole } from './roles.js';

export { UserRole, userRoles } from './roles.js';

/** What a user is in the care process. */
export const UserCategory = z.enum(['doctor', 'nurse', 'patient', 'pharmacist', 'relative']);
export type UserCategory = z.infer<typeof UserCategory>;

/** A role as answered: the known roles, or a newer one the SDK does not know yet. */
export const KnownUserRole = openEnum(UserRole.options);
export type KnownUserRole = z.infer<typeof KnownUserRole>;

/** A category as answered: the known categories, or a newer one. */
export const KnownUserCategory = openEnum(UserCategory.options);
export type KnownUserCategory = z.infer<typeof KnownUserCategory>;

/** A user of an organization (staff or patient); fields the real service may leave out are optional. */
export const User = withMeta(
  answerObject({
    id: withMeta(ObjectId, { description: "The user's object id." }),
    name: withMeta(text(textLimits.answered), { description: 'Display name.' }),
    email: withMeta(z.nullable(text(textLimits.email)), { description: 'E-mail address, or null for users without one (most patients).' }),
    organization: withMeta(z.optional(ObjectId), { description: "The user's organization." }),
    role: withMeta(z.optional(KnownUserRole), { description: 'admin, user, patient or onlyself (newer roles pass through).' }),
    category: withMeta(z.optional(z.nullable(KnownUserCategory)), { description: 'doctor, nurse, patient, pharmacist or relative; null when not set.' }),
    timezone: withMeta(z.optional(text(textLimits.timeZone)), { description: 'IANA time zone of the user, e.g. Europe/Berlin; bakes use it for patients.' }),
    accountId: withMeta(z.optional(z.nullable(AccountId)), { description: 'The account that signs in as this user; null for users who never sign in.' }),
    meta: withMeta(z.optional(FreeObject), { description: 'Free-form data kept with the user.' }),
    apps: withMeta(z.optional(FreeObject), { description: 'Per-app settings of the user.' }),
    createdAt: withMeta(z.optional(IsoDateTime), { description: 'When the user was created, ISO 8601 UTC.' }),
    updatedAt: withMeta(z.optional(IsoDateTime), { description: 'When the user last changed, ISO 8601 UTC.' }),
  }),
  { id: 'User' },
);
export type User = z.infer<typeof User>;

/** Body of `POST /users/`. `name` is our addition; without it the name comes from the e-mail. */
export const UserCreate = withMeta(
  z.strictObject({
    organization: ObjectId,
    name: z.optional(text(textLimits.personName, 1)),
    meta: z.optional(FreeObject),
    apps: z.optional(FreeObject),
    email: z.optional(z.nullable(z.email().check(z.maxLength(textLimits.email)))),
    category: z.optional(UserCategory),
    timezone: z.optional(TimeZone),
    role: withMeta(z.optional(UserRole), { description: 'Default patient. No caller may create a role above its own.' }),
  }),
  { id: 'UserCreate' },
);
export type UserCreate = z.infer<typeof UserCreate>;

/** Sortable fields of users. */
export const userSortFields = ['name', 'email', 'role', 'createdAt', 'updatedAt', 'id'] as const;

/** Query of `GET /users/`: `organization` is required. */
export const UserListQuery = withMeta(
  z.strictObject({
    organization: withMeta(ObjectId, { description: "The organization whose users are listed; the caller's own (another one: 403, unknown: 404)." }),
    ...listQueryShape,
    sortBy: z.optional(sortBy(userSortFields)),
  }),
  { id: 'UserListQuery' },
);
export type UserListQuery = z.infer<typeof UserListQuery>;
