import * as z from 'zod';
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
    id: AccountId.meta({ description: 'The identity provider\'s subject, e.g. `auth0|65a1…`.' }),
    email: z.string().meta({ description: 'Sign-in e-mail.' }),
    firstName: z.string().meta({ description: 'Given name.' }),
    lastName: z.string().meta({ description: 'Family name.' }),
    organizationId: ObjectId.meta({ description: 'The account\'s organization.' }),
    roles: z.array(KnownUserRole).meta({ description: 'Roles of the account (admin, user, patient, onlyself; newer ones pass through).' }),
    isMfaEnabled: z.boolean().meta({ description: 'Whether multi-factor sign-in is on.' }),
    createdAt: IsoDateTime.meta({ description: 'When the account was created, ISO 8601 UTC.' }),
    updatedAt: IsoDateTime.meta({ description: 'When the account last changed, ISO 8601 UTC.' }),
    language: z.string().nullable().optional().meta({ description: 'Language code (BCP 47), or null.' }),
    gender: z.string().nullable().optional().meta({ description: 'Gender as the user gave it, or null.' }),
    debug: z.boolean().optional().meta({ description: 'Debug mode of the apps.' }),
    demo: z.boolean().optional().meta({ description: 'Demo mode of the apps.' }),
    notification: NotificationSettings.optional().meta({ description: 'Notification settings (`email`, `push`; other keys kept).' }),
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
export const AccountIdParams = z.strictObject({ accountId: AccountId.meta({ description: "The account's id: the identity provider's subject, e.g. auth0|65a1…." }) });
