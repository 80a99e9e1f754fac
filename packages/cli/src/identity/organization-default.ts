import type { Session } from '../client/session.js';
import { usageError } from '../errors/cli-error.js';

/**
 * The organization a command acts on: the flag, else MEDSCHED_ORGANIZATION or the profile's
 * (login stores the credential's own), else the credential's organization as the API tells it.
 */
export async function organizationOf(session: Session, given: string | undefined): Promise<string> {
  const organization = given ?? session.settings.organization ?? (await session.identity()).organization;
  if (organization === undefined) {
    throw usageError('which organization? none given, none in the profile, and no calendar entry of this credential names one', 'pass --organization ID, or run `medsched config set organization ID`');
  }
  return organization;
}
