import type { Account, AccountUpdate } from '@medsched/sdk/schemas';
import type { AccountRecord } from '../../db/models.js';
import type { OperationContext } from '../operation/context.js';
import { forbidden, notFound } from '../operation/problems.js';
import { assertEmailFree } from '../directory/email-owner.js';

/** The answer shape: the stored account, without the link to the user record. */
export function toAccount(record: AccountRecord): Account {
  const { userId: _userId, ...account } = record;
  return account;
}

/** Own account, or an admin of the same organization (api-decisions.md). */
function findWritableAccount(ctx: OperationContext, id: string): AccountRecord {
  const account = ctx.db.accounts.get(id);
  if (!account) throw notFound('account', id);
  const { caller } = ctx;
  if (account.id === caller.account.id) return account;
  if (account.organizationId !== caller.organizationId) throw forbidden('this account belongs to another organization');
  if (caller.role !== 'admin') throw forbidden('only your own account, or as an admin any account of your organization');
  return account;
}

export async function updateAccount(ctx: OperationContext, id: string, body: AccountUpdate): Promise<Account> {
  const account = findWritableAccount(ctx, id);
  // A PATCH that changes nothing writes nothing: clients (the CLI's `whoami`) read an account this way.
  if (Object.keys(body).length === 0) return toAccount(account);
  const { db } = ctx;
  const user = db.users.get(account.userId);
  const email = body.email;
  if (email !== undefined && email.toLowerCase() !== account.email.toLowerCase()) assertEmailFree(db, email, account.userId);
  const now = ctx.now().toISOString();
  const { email: _email, given_name, family_name, ...settings } = body;
  const stored = await db.accounts.update(account, (draft) => {
    Object.assign(draft, settings);
    if (email !== undefined) draft.email = email;
    if (given_name !== undefined) draft.firstName = given_name;
    if (family_name !== undefined) draft.lastName = family_name;
    draft.updatedAt = now;
  });
  // The user record shows the same person: keep its name and e-mail in step.
  if (user && (email !== undefined || given_name !== undefined || family_name !== undefined)) {
    await db.users.update(user, (draft) => {
      if (email !== undefined) draft.email = email;
      if (given_name !== undefined || family_name !== undefined) draft.name = `${stored.firstName} ${stored.lastName}`.trim() || draft.name;
      draft.updatedAt = now;
    });
  }
  return toAccount(stored);
}
