import type { Database } from '../../db/database.js';
import { conflict } from '../operation/problems.js';

/**
 * One e-mail, one account across the whole service (not per organization): sign-in by e-mail
 * must find one person, and a patient who took another organization's admin's address could be
 * mistaken for them. Compared case-insensitively, as mail systems do in practice.
 *
 * 409 when another user or account holds `email`. The answer says only that the address is
 * taken: never by whom, in which organization or with which role, so that it cannot be used to
 * find out who has an account here.
 */
export function assertEmailFree(db: Database, email: string, ownUserId?: string): void {
  const key = email.toLowerCase();
  const takenByUser = db.users.group('email', key).some((user) => user.id !== ownUserId);
  const takenByAccount = db.accounts.group('email', key).some((account) => account.userId !== ownUserId);
  if (takenByUser || takenByAccount) throw conflict('this e-mail address is already in use by another account; use another one');
}
