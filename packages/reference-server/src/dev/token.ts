import { AccountId } from '@medsched/sdk/schemas';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { hashApiKey, isWellFormedApiKey } from '../domain/access/api-keys.js';
import { isApiKeyActive } from '../domain/access/authentication.js';
import { maxAccessTtlSeconds, type IdentityProvider, type TokenPair } from '../domain/access/identity-provider.js';
import { ProblemError } from '../domain/operation/problems.js';
import { demoKeysOffDetail, isDemoApiKey } from '../domain/access/demo-keys.js';
import { findUserByEmail } from './admin.js';

/**
 * The development sign-in of the simulated identity provider. An API key proves who signs in;
 * signing in as any account by e-mail or id needs the admin secret (the caller checks it).
 */
export const SignInBody = z.union([
  z.strictObject({ apiKey: z.string(), ttlSeconds: z.number().int().min(1).max(maxAccessTtlSeconds).optional() }),
  z.strictObject({ email: z.string(), organizationId: z.string().optional(), ttlSeconds: z.number().int().min(1).max(maxAccessTtlSeconds).optional() }),
  z.strictObject({ accountId: AccountId, ttlSeconds: z.number().int().min(1).max(maxAccessTtlSeconds).optional() }),
]);
export type SignInBody = z.infer<typeof SignInBody>;

export const RefreshBody = z.strictObject({ refreshToken: z.string() });

const refused = (detail: string) => new ProblemError('unauthenticated', detail, { headers: { 'www-authenticate': 'Bearer realm="medsched-dev"' } });

/** What a sign-in may do on this server, and who is asking. */
export interface SignInAccess {
  /** The request carried the right admin secret. */
  hasAdminSecret: boolean;
  /** Whether the published demo keys are accepted. */
  demoKeys: boolean;
  /**
   * Whether the admin secret may sign in as another user (by e-mail or account id): a
   * development feature, off on a server reachable beyond loopback.
   */
  adminSignIn: boolean;
  /** Notes each sign-in as another user, so that it never goes unseen. */
  log: (message: string) => void;
  /** The client's address, for the log. */
  client: string | undefined;
}

export async function signIn(db: Database, identityProvider: IdentityProvider, body: SignInBody, access: SignInAccess): Promise<TokenPair> {
  let accountId: string | undefined;
  let apiKeyId: string | undefined;
  if ('apiKey' in body) {
    if (!access.demoKeys && isDemoApiKey(body.apiKey)) throw refused(demoKeysOffDetail);
    const record = isWellFormedApiKey(body.apiKey) ? db.apiKeys.group('hash', await hashApiKey(body.apiKey))[0] : undefined;
    if (!record || record.revokedAt) throw refused('the API key is unknown, malformed or revoked');
    accountId = record.accountId;
    apiKeyId = record.id;
  } else {
    if (!access.hasAdminSecret) throw refused('signing in by e-mail or account id needs the admin secret in x-admin-secret; or sign in with an apiKey');
    if (!access.adminSignIn) {
      throw new ProblemError(
        'forbidden',
        'signing in as another user with the admin secret is a development feature, off on a server reachable beyond loopback; sign in with an apiKey (medsched-server keys create makes one)',
      );
    }
    accountId = 'accountId' in body ? body.accountId : (findUserByEmail(db, body.email, body.organizationId).accountId ?? undefined);
  }
  if (!accountId || !db.accounts.get(accountId)) throw refused('no account to sign in as (create an API key for the user first)');
  if (apiKeyId === undefined) access.log(`[medsched] /dev/token: signed in as ${accountId} with the admin secret (client ${access.client ?? 'in-process'})`);
  return identityProvider.issue(accountId, body.ttlSeconds, { apiKeyId });
}

export async function refresh(db: Database, identityProvider: IdentityProvider, body: z.infer<typeof RefreshBody>): Promise<TokenPair> {
  const pair = await identityProvider.refresh(body.refreshToken, (apiKeyId) => isApiKeyActive(db, apiKeyId));
  if (!pair) throw refused('the refresh token is invalid or expired; sign in again');
  return pair;
}
