import * as z from 'zod/mini';

/** The roles, from most to least privileged. */
export const userRoles = ['admin', 'user', 'patient', 'onlyself'] as const;

/** A role as sent: one of `userRoles` (a typo such as `admn` is refused). */
export const UserRole = z.enum(userRoles);
export type UserRole = z.infer<typeof UserRole>;
