import { z } from 'zod';
import { listQueryShape, sortBy } from './list-query.js';
import { FreeObject, ObjectId, TimeZone } from './primitives.js';

/** Roles, from most to least privileged. */
export const UserRole = z.enum(['admin', 'user', 'patient', 'onlyself']);
export type UserRole = z.infer<typeof UserRole>;

/** What a user is in the care process. */
export const UserCategory = z.enum(['doctor', 'nurse', 'patient', 'pharmacist', 'relative']);
export type UserCategory = z.infer<typeof UserCategory>;

/** A user of an organization (staff or patient). Other stored fields come back too. */
export const User = z
  .looseObject({
    id: ObjectId,
    name: z.string(),
    email: z.string().nullable(),
    organization: ObjectId.optional(),
    role: z.string().optional(),
    category: z.string().nullable().optional(),
    timezone: z.string().optional(),
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
    organization: ObjectId,
    ...listQueryShape,
    sortBy: sortBy(userSortFields).optional(),
  })
  .meta({ id: 'UserListQuery' });
export type UserListQuery = z.infer<typeof UserListQuery>;
