import type { CredentialContext } from './describe-error.js';

let current: CredentialContext | undefined;

/** Remembers the credential of this run, so a 401 report can say where it came from. */
export function rememberCredential(context: CredentialContext | undefined): void {
  current = context;
}

/** The credential of this run, if a command resolved one. */
export function credentialInUse(): CredentialContext | undefined {
  return current;
}
