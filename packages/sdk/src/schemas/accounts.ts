import { z } from 'zod';
import { AccountId, IsoDateTime, ObjectId } from './primitives.js';

/** An account: the identity-provider side of a user. */
export const Account = z
  .looseObject({
    id: AccountId,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    organizationId: ObjectId,
    roles: z.array(z.string()),
    isMfaEnabled: z.boolean(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

/** Notification settings of an account; `email` and `push` are known, other keys are kept. */
export const NotificationSettings = z.looseObject({
  email: z.boolean().optional(),
  push: z.boolean().optional(),
});

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
