import type { MedschedClient } from '@medsched/sdk';
import type { Credential } from '../config/settings.js';
import { readJwtClaims } from '../commands/jwt-claims.js';

/** What the credential is, as far as the API's answers tell. */
export interface Identity {
  /** The credential's organization, or undefined when no answer named it. */
  organization: string | undefined;
  /** `admin`, `user`, `patient`, `onlyself` when known exactly; `staff` (admin or user, when the organization has fewer than two accounts to ask) or `patient` (patient or onlyself) when only the class is known. */
  role: string | undefined;
  /** The patient's own user id (patient credentials only). */
  userId: string | undefined;
  /** Which answers told it, for `whoami` and the README. */
  source: 'account' | 'calendar entries' | 'none';
}

const objectId = /^[0-9a-f]{24}$/;

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Finds the credential's organization and role from what the API returns; the interface has
 * no `/me`. A token names its account (`sub`): an empty `PATCH /accounts/{sub}` changes
 * nothing and answers the account with `organizationId` and `roles`, the only operation whose
 * answer carries a role. An API key names nothing, so reads only: the newest calendar entry
 * visible to the credential carries its `organization` (every role may list entries, and a
 * patient sees only its own), then `GET /users/?organization=…` answers 200 to staff and 403
 * to patients, and empty PATCHes of two staff accounts tell an admin from a user. A 401 is thrown (the credential is wrong); other failures leave fields
 * unknown rather than guessed.
 */
export async function discoverIdentity(client: MedschedClient, credential: Credential): Promise<Identity> {
  if (credential.kind === 'token') {
    const subject = readJwtClaims(credential.secret).subject;
    if (subject !== undefined) {
      try {
        const account = await client.accounts.update(subject, {});
        return { organization: account.organizationId, role: account.roles[0], userId: undefined, source: 'account' };
      } catch (error) {
        if (statusOf(error) === 401) throw error;
      }
    }
  }
  const page = await client.calendars.list({ limit: 1, sortBy: 'createdAt:desc' });
  const entry = page.items[0];
  const organization = typeof entry?.organization === 'string' && objectId.test(entry.organization) ? entry.organization : undefined;
  if (organization === undefined) return { organization: undefined, role: undefined, userId: undefined, source: 'none' };
  let staff: Awaited<ReturnType<MedschedClient['users']['list']>>;
  try {
    staff = await client.users.list({ organization, limit: 10 });
  } catch (error) {
    if (statusOf(error) === 403) return { organization, role: 'patient', userId: entry?.userId, source: 'calendar entries' };
    throw error;
  }
  return { organization, role: await staffRole(client, staff.items), userId: undefined, source: 'calendar entries' };
}

/**
 * `admin` or `user` for a staff API key, from the one rule that tells them apart without a
 * change: an empty `PATCH /accounts/{id}` (it changes nothing, as for a token above) is 200 for
 * one's own account and, for an admin, for every account of the organization; a user gets 403
 * for any other. Two accounts answering 200 mean an admin, a 403 a user; with fewer than two
 * accounts to ask, the class `staff` stays.
 */
async function staffRole(client: MedschedClient, users: readonly { accountId?: string | null | undefined }[]): Promise<string> {
  const accounts = [...new Set(users.map((user) => user.accountId).filter((id): id is string => typeof id === 'string' && id !== ''))].slice(0, 2);
  let answered = 0;
  for (const account of accounts) {
    try {
      await client.accounts.update(account, {});
      answered++;
    } catch (error) {
      if (statusOf(error) === 403) return 'user';
      if (statusOf(error) === 401) throw error;
      return 'staff';
    }
  }
  return answered === 2 ? 'admin' : 'staff';
}
