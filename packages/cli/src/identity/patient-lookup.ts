import type { User } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { organizationOf } from './organization-default.js';
import { cleanText } from '../output/clean-text.js';
import { foldName, nameContains, sameName } from '../input/name-match.js';

import { patientRoles, rememberPatients } from './remember-patients.js';

const objectId = /^[0-9a-f]{24}$/;
/** The longest search the API takes (`search` on GET /users/). */
const maxLookupLength = 200;
/** More matches than this are not worth listing one by one. */
const listedMatches = 10;

export const patientOptionHelp = 'the patient: id, e-mail or (part of) the name';

function describePatient(user: User): string {
  return `${cleanText(user.name)}${user.email ? ` <${cleanText(user.email)}>` : ''} (${user.id})`;
}

/**
 * The patients `value` names, the most exact way first: the e-mail, the whole name, else every
 * patient whose name or e-mail contains it. Case, accents and Unicode normalisation do not count
 * (`muller` finds Müller, `zolc` Żółć), nor how the name was pasted (NFC or NFD).
 */
export function matchingPatients(patients: readonly User[], value: string): User[] {
  const wanted = value.trim();
  const byEmail = patients.filter((user) => user.email !== undefined && user.email !== null && foldName(user.email) === foldName(wanted));
  if (byEmail.length > 0) return byEmail;
  const byName = patients.filter((user) => sameName(user.name, wanted));
  if (byName.length > 0) return byName;
  return patients.filter((user) => patientContains(user, wanted));
}

/** Whether a patient's name or e-mail contains what was typed, case and accents aside. */
export function patientContains(user: User, typed: string): boolean {
  return nameContains(user.name, typed) || (typeof user.email === 'string' && nameContains(user.email, typed));
}

/**
 * `--patient` as the user typed it: an id is used as is; a name or e-mail is looked up among
 * the organization's patients (all of them, listed: an exact e-mail, an exact name, or a part
 * of the name or e-mail, accents and case aside). One match is used and echoed on stderr like a date word; several are
 * listed with their ids (exit 2); none is exit 5.
 */
export async function resolvePatient(session: Session, value: string): Promise<string> {
  if (objectId.test(value)) return value;
  if (value.trim() === '') throw usageError('--patient is empty', 'give an id, an e-mail or a name, e.g. --patient "Clara Claus"');
  if (value.trim().length > maxLookupLength) throw usageError(`--patient is longer than ${maxLookupLength} characters`, 'give an id, an e-mail or a name');
  const organization = await organizationOf(session, undefined);
  const client = await session.client();
  const found: User[] = [];
  try {
    // Every patient of the organization, matched here: the service's `search` is not specified
    // (an accent-sensitive search finds no "muller" in Müller), and a search that finds one of
    // two namesakes must not make the other's plan. A care home's patients are a few pages.
    for await (const user of client.users.iterate({ organization, limit: 100 })) {
      if (patientRoles.has(user.role ?? '')) found.push(user);
    }
  } catch (error) {
    // Listing the credential's own organization is refused only to a role that may not list
    // users (a patient); a configured organization that is not the credential's is another
    // 403, reported as it is (its hint points at `medsched whoami`).
    const failure = error as { status?: number; problem?: { detail?: string } };
    const ownOrganization = session.settings.organization === undefined;
    if (failure.status === 403 && (ownOrganization || /^role \w+ may not/.test(failure.problem?.detail ?? ''))) {
      throw new CliError(`cannot look up the patient "${value}": this credential may not list users`, ExitCode.permission, 'patients give their own id: see `medsched whoami`');
    }
    throw error;
  }
  await rememberPatients(session, organization, found);
  const matches = matchingPatients(found, value);
  if (matches.length === 1) {
    const [patient] = matches as [User];
    session.patientNames.set(patient.id, cleanText(patient.name));
    if (patient.timezone) session.patientZones.set(patient.id, patient.timezone);
    session.printer.note(`Patient ${value.trim()} = ${describePatient(patient)}`);
    return patient.id;
  }
  if (matches.length === 0) {
    throw new CliError(`no patient matches "${value}" in organization ${organization}`, ExitCode.notFound, 'list them with `medsched patients list`');
  }
  const shown = matches.slice(0, listedMatches).map((user) => `  ${describePatient(user)}`);
  if (matches.length > listedMatches) shown.push(`  … and ${matches.length - listedMatches} more`);
  throw usageError(`${matches.length} patients match "${value}":\n${shown.join('\n')}`, 'give the id, the e-mail or more of the name');
}
