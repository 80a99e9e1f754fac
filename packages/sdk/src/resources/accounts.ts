import { transportOf, type MedschedBaseClient } from '../base-client.js';
import { ApiPromise } from '../api-promise.js';
import type { z } from 'zod';
import type { Account, AccountUpdate } from '../schemas/accounts.js';
import { accountsUpdate } from '../schemas/operation-definitions.js';
import type { RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/**
 * Updates an account (your own, or as an admin one of your organization).
 * @example await updateAccount(client, 'auth0|65a1…', { language: 'de' });
 */
export function updateAccount(client: MedschedBaseClient, accountId: string, body: z.input<typeof AccountUpdate>, options?: RequestOptions): ApiPromise<Account> {
  return new ApiPromise(transportOf(client).call(accountsUpdate, { params: { accountId }, body }, options));
}

/** Accounts: the identity-provider side of users. */
export class Accounts extends Resource {
  /**
   * Updates an account (your own, or as an admin one of your organization).
   * @example await client.accounts.update('auth0|65a1…', { language: 'de' });
   */
  update(accountId: string, body: z.input<typeof AccountUpdate>, options?: RequestOptions): ApiPromise<Account> {
    return updateAccount(this.client, accountId, body, options);
  }
}
