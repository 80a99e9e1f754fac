import type { Session } from '../client/session.js';
import { usageError } from '../errors/cli-error.js';

/** The organization a command acts on: the flag, else the profile's default (`medsched config set organization ID`). */
export function organizationOf(session: Session, given: string | undefined): string {
  const organization = given ?? session.settings.organization;
  if (organization === undefined) {
    throw usageError('which organization? none given and no default in the profile', 'pass --organization ID, or run `medsched config set organization ID`');
  }
  return organization;
}
