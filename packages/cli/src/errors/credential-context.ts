import type { CredentialContext } from './describe-error.js';

import { invocationLocal } from '../io/cli-process.js';

const credential = invocationLocal<{ current: CredentialContext | undefined }>(() => ({ current: undefined }));

/** Remembers the credential of this run, so a 401 report can say where it came from. */
export function rememberCredential(context: CredentialContext | undefined): void {
  credential().current = context;
}

/** The credential of this run, if a command resolved one. */
export function credentialInUse(): CredentialContext | undefined {
  return credential().current;
}
