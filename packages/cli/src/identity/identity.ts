import type { MedschedClient } from '@medsched/sdk';
import type { Credential } from '../config/settings.js';
import { readJwtClaims } from './jwt-claims.js';
import { isRefusedAnswer } from '../errors/refused-answer.js';

/** What the credential is, as far as the API's answers tell. */
export interface Identity {
  /** The credential's organization, or undefined when no answer named it. */
  organization: string | undefined;
  /** `admin`, `user`, `patient`, `onlyself` when known exactly; `staff` (admin or user) or `patient` (patient or onlyself) when only the class is known. */
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
 * patient sees only its own), then `GET /users/?organization=…&limit=1` answers 200 to staff
 * and 403 to patients. A 401 is thrown (the credential is wrong); other failures leave fields
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
        // A refused answer (a redirect elsewhere, not JSON) is never read as "no account".
        if (statusOf(error) === 401 || isRefusedAnswer(error)) throw error;
      }
    }
  }
  const page = await client.calendars.list({ limit: 1, sortBy: 'createdAt:desc' });
  const entry = page.items[0];
  const organization = typeof entry?.organization === 'string' && objectId.test(entry.organization) ? entry.organization : undefined;
  if (organization === undefined) return { organization: undefined, role: undefined, userId: undefined, source: 'none' };
  try {
    await client.users.list({ organization, limit: 1 });
    return { organization, role: 'staff', userId: undefined, source: 'calendar entries' };
  } catch (error) {
    if (statusOf(error) === 403) return { organization, role: 'patient', userId: entry?.userId, source: 'calendar entries' };
    throw error;
  }
}
