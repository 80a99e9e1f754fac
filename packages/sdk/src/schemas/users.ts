import * as z from 'zod';
import { listQueryShape, sortBy } from './list-query.js';
import { FreeObject, ObjectId, openEnum, TimeZone } from './primitives.js';

/** Roles, from most to least privileged. */
export const UserRole = z.enum(['admin', 'user', 'patient', 'onlyself']);
export type UserRole = z.infer<typeof UserRole>;

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
export const User = z
  .looseObject({
    id: ObjectId.meta({ description: 'The user\'s object id.' }),
    name: z.string().meta({ description: 'Display name.' }),
    email: z.string().nullable().meta({ description: 'E-mail address, or null for users without one (most patients).' }),
    organization: ObjectId.optional().meta({ description: 'The user\'s organization.' }),
    role: KnownUserRole.optional().meta({ description: 'admin, user, patient or onlyself (newer roles pass through).' }),
    category: KnownUserCategory.nullable().optional().meta({ description: 'doctor, nurse, patient, pharmacist or relative; null when not set.' }),
    timezone: z.string().optional().meta({ description: 'IANA time zone of the user, e.g. Europe/Berlin; bakes use it for patients.' }),
    accountId: z.string().nullable().optional().meta({ description: 'The account that signs in as this user; null for users who never sign in.' }),
    meta: FreeObject.optional().meta({ description: 'Free-form data kept with the user.' }),
    apps: FreeObject.optional().meta({ description: 'Per-app settings of the user.' }),
    createdAt: z.string().optional().meta({ description: 'When the user was created, ISO 8601 UTC.' }),
    updatedAt: z.string().optional().meta({ description: 'When the user last changed, ISO 8601 UTC.' }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** Body of `POST /users/`. `name` is our addition; without it the name comes from the e-mail. */
export const UserCreate = z
  .strictObject({
    organization: ObjectId,
    name: z.string().min(1).max(200).optional(),
    meta: FreeObject.optional(),
    apps: FreeObject.optional(),
    email: z.email().nullable().optional(),
    category: UserCategory.optional(),
    timezone: TimeZone.optional(),
    role: UserRole.optional().meta({ description: 'Default patient. No caller may create a role above its own.' }),
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.infer<typeof UserCreate>;

/** Sortable fields of users. */
export const userSortFields = ['name', 'email', 'role', 'createdAt', 'updatedAt', 'id'] as const;

/** Query of `GET /users/`: `organization` is required. */
export const UserListQuery = z
  .strictObject({
    organization: ObjectId.meta({ description: "The organization whose users are listed; the caller's own (another one: 403, unknown: 404)." }),
    ...listQueryShape,
    sortBy: sortBy(userSortFields).optional(),
  })
  .meta({ id: 'UserListQuery' });
export type UserListQuery = z.infer<typeof UserListQuery>;
