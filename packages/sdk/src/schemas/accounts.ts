import * as z from 'zod/mini';
import { itemLimits, text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { answerObject, AccountId, IsoDateTime, ObjectId } from './primitives.js';
import { KnownUserRole } from './users.js';

/** Notification settings of an account; `email` and `push` are known, other keys are kept. */
export const NotificationSettings = answerObject({
  email: z.optional(z.boolean()),
  push: z.optional(z.boolean()),
});

/** An account: the identity-provider side of a user. */
export const Account = withMeta(
  answerObject({
    id: withMeta(AccountId, { description: "The identity provider's subject, e.g. `auth0|65a1…`." }),
    email: withMeta(text(textLimits.email), { description: 'Sign-in e-mail.' }),
    firstName: withMeta(text(textLimits.answered), { description: 'Given name.' }),
    lastName: withMeta(text(textLimits.answered), { description: 'Family name.' }),
    organizationId: withMeta(ObjectId, { description: "The account's organization." }),
    roles: withMeta(z.array(KnownUserRole).check(z.maxLength(itemLimits.roles)), { description: 'Roles of the account (admin, user, patient, onlyself; newer ones pass through).' }),
    isMfaEnabled: withMeta(z.boolean(), { description: 'Whether multi-factor sign-in is on.' }),
    createdAt: withMeta(IsoDateTime, { description: 'When the account was created, ISO 8601 UTC.' }),
    updatedAt: withMeta(IsoDateTime, { description: 'When the account last changed, ISO 8601 UTC.' }),
    language: withMeta(z.optional(z.nullable(text(textLimits.answered))), { description: 'Language code (BCP 47), or null.' }),
    gender: withMeta(z.optional(z.nullable(text(textLimits.answered))), { description: 'Gender as the user gave it, or null.' }),
    debug: withMeta(z.optional(z.boolean()), { description: 'Debug mode of the apps.' }),
    demo: withMeta(z.optional(z.boolean()), { description: 'Demo mode of the apps.' }),
    notification: withMeta(z.optional(NotificationSettings), { description: 'Notification settings (`email`, `push`; other keys kept).' }),
  }),
  { id: 'Account' },
);
export type Account = z.infer<typeof Account>;

/**
 * A language code as BCP 47 writes it: subtags of 1 to 8 letters or digits joined by `-`
 * (`de`, `de-CH`, `zh-Hant-TW`), 2 to 35 characters.
 */
const LanguageTag = z.string().check(z.minLength(2), z.maxLength(35), z.regex(/^[A-Za-z0-9]{1,8}(-[A-Za-z0-9]{1,8})*$/, 'must be a BCP 47 language code such as de or de-CH'));

/** Body of `PATCH /accounts/{accountId}`. */
export const AccountUpdate = withMeta(
  z.strictObject({
    language: withMeta(z.optional(z.nullable(LanguageTag)), { description: 'Language code (BCP 47), or null.' }),
    gender: z.optional(z.nullable(text(textLimits.gender))),
    email: z.optional(z.email().check(z.maxLength(textLimits.email))),
    given_name: z.optional(text(textLimits.personName)),
    family_name: z.optional(text(textLimits.personName)),
    debug: z.optional(z.boolean()),
    demo: z.optional(z.boolean()),
    notification: z.optional(NotificationSettings),
  }),
  { id: 'AccountUpdate' },
);
export type AccountUpdate = z.infer<typeof AccountUpdate>;

/** Path parameters of `/accounts/{accountId}`. */
export const AccountIdParams = z.strictObject({ accountId: withMeta(AccountId, { description: "The account's id: the identity provider's subject, e.g. auth0|65a1…." }) });
