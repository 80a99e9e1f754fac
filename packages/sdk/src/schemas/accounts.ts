import { z } from 'zod';
import { AccountId, IsoDateTime, ObjectId } from './primitives.js';
import { KnownUserRole } from './users.js';

/** Notification settings of an account; `email` and `push` are known, other keys are kept. */
export const NotificationSettings = z.looseObject({
  email: z.boolean().optional(),
  push: z.boolean().optional(),
});

/** An account: the identity-provider side of a user. */
export const Account = z
  .looseObject({
    /** The identity provider's subject, e.g. `auth0|65a1…`. */
    id: AccountId,
    /** Sign-in e-mail. */
    email: z.string(),
    /** Given name. */
    firstName: z.string(),
    /** Family name. */
    lastName: z.string(),
    /** The account's organization. */
    organizationId: ObjectId,
    /** Roles of the account (admin, user, patient, onlyself; newer ones pass through). */
    roles: z.array(KnownUserRole),
    /** Whether multi-factor sign-in is on. */
    isMfaEnabled: z.boolean(),
    /** When the account was created, ISO 8601 UTC. */
    createdAt: IsoDateTime,
    /** When the account last changed, ISO 8601 UTC. */
    updatedAt: IsoDateTime,
    /** Language code (BCP 47), or null. */
    language: z.string().nullable().optional(),
    /** Gender as the user gave it, or null. */
    gender: z.string().nullable().optional(),
    /** Debug mode of the apps. */
    debug: z.boolean().optional(),
    /** Demo mode of the apps. */
    demo: z.boolean().optional(),
    /** Notification settings (`email`, `push`; other keys kept). */
    notification: NotificationSettings.optional(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

/** Body of `PATCH /accounts/{accountId}`. */
export const AccountUpdate = z
  .strictObject({
    language: z.string().min(2).max(35).nullable().optional().meta({ description: 'Language code (BCP 47), or null.' }),
    gender: z.string().max(50).nullable().optional(),
    email: z.email().optional(),
    given_name: z.string().max(200).optional(),
    family_name: z.string().max(200).optional(),
    debug: z.boolean().optional(),
    demo: z.boolean().optional(),
    notification: NotificationSettings.optional(),
  })
  .meta({ id: 'AccountUpdate' });
export type AccountUpdate = z.infer<typeof AccountUpdate>;

/** Path parameters of `/accounts/{accountId}`. */
export const AccountIdParams = z.strictObject({ accountId: AccountId });
