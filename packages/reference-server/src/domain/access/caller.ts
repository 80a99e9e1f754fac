import type { UserRole } from '@medsched/sdk/schemas';
import type { AccountRecord, UserRecord } from '../../db/models.js';

/** Who is calling: resolved from the credential before anything else happens. */
export interface Caller {
  account: AccountRecord;
  user: UserRecord;
  organizationId: string;
  role: UserRole;
  /** What authenticated the request; rate limits count per credential. */
  credential: { kind: 'api-key'; keyId: string } | { kind: 'bearer'; subject: string };
}

/**
 * One string per credential (an API key, or a token's subject): what per-credential state, such
 * as rate-limit windows and kept idempotent answers, is keyed by.
 */
export function credentialKey(caller: Caller): string {
  return caller.credential.kind === 'api-key' ? `key:${caller.credential.keyId}` : `sub:${caller.credential.subject}`;
}
