import type { User } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { cleanText } from '../output/clean-text.js';
import { rememberPatients } from '../identity/remember-patients.js';
import { organizationOf } from '../identity/organization-default.js';

/** The patients of one organization (a care home), as home-wide commands work through them. */
export interface Home {
  /** The organization's id. */
  organization: string;
  /** "Sonnen-Apotheke (64d0…)", or the id alone when the name cannot be read. */
  label: string;
  /** Every user of role patient or onlyself, in name order (then id, so the order never changes). */
  patients: User[];
}

/**
 * One order for names everywhere a home is listed: the root collation, so Łukasz sorts with L,
 * Ødegård with O and Żółć with Z, whatever the machine's locale; numbers inside names in
 * numeric order.
 */
const nameOrder = new Intl.Collator('und', { sensitivity: 'variant', numeric: true });

/** Compares two patients by name, then by id (two residents may share a name). */
export function byPatientName(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return nameOrder.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The roles of the people a home cares for: the residents home-wide commands work through. */
const patientRoles = ['patient', 'onlyself'] as const;

/**
 * The largest page `GET /users/` and `GET /calendars/` accept (the interface's bound on `limit`):
 * a home is read in one request where it fits, not in pages of a hundred.
 */
export const largestPage = 100_000;

/** A patient of the home as home-wide commands name it: id, shown name, time zone. */
export interface HomePatient {
  id: string;
  /** The name as shown (control characters removed), e.g. "Łukasz Żółć". */
  name: string;
  timezone: string | undefined;
}

/**
 * Every patient (role patient or onlyself) of an organization, read through the SDK's walk of
 * `GET /users/` (one request for a home that fits in `largestPage`), so it works against any
 * deployment of the interface, in
 * name order (`byPatientName`). The names and zones are kept in the session for the questions
 * and rows that follow. The one reader of a home: every home-wide command lists it in this order.
 */
export async function readHomePatients(session: Session, organization: string): Promise<User[]> {
  const client = await session.client();
  const patients: User[] = [];
  const seen = new Set<string>();
  const keep = (user: User) => {
    seen.add(user.id);
    patients.push({ ...user, name: cleanText(user.name) });
  };
  // One walk of the whole organization in the largest pages the interface allows; the role of
  // each user decides. A deployment that does not answer `role` cannot be sorted that way: then
  // one walk per patient role, as the filter is the only thing that says who is a patient.
  const everyone: User[] = [];
  for await (const user of client.users.iterate({ organization, limit: largestPage })) everyone.push(user);
  if (everyone.every((user) => user.role !== undefined)) {
    for (const user of everyone) if ((patientRoles as readonly string[]).includes(user.role as string) && !seen.has(user.id)) keep(user);
  } else {
    for (const role of patientRoles) {
      for await (const user of client.users.iterate({ organization, role, limit: largestPage })) {
        // A deployment may answer a role filter loosely: keep patients only, each once.
        if (seen.has(user.id) || (user.role !== undefined && user.role !== role)) continue;
        keep(user);
      }
    }
  }
  patients.sort(byPatientName);
  for (const patient of patients) {
    session.patientNames.set(patient.id, patient.name);
    if (patient.timezone) session.patientZones.set(patient.id, patient.timezone);
  }
  await rememberPatients(session, organization, patients);
  return patients;
}

/** The patients of an organization as home-wide questions and writes name them (`readHomePatients`, same order). */
export async function homePatients(session: Session, organization: string): Promise<HomePatient[]> {
  return (await readHomePatients(session, organization)).map((user) => ({ id: user.id, name: user.name, timezone: user.timezone ?? undefined }));
}

/**
 * Every patient of the organization (flag, profile, else the credential's own), with the
 * organization's name for headings.
 */
export async function readHome(session: Session, given: string | undefined): Promise<Home> {
  const organization = await organizationOf(session, given);
  const patients = await readHomePatients(session, organization);
  let label = organization;
  try {
    label = `${cleanText((await session.organization(organization)).name)} (${organization})`;
  } catch {
    // A credential that may not read the organization still reads its patients: the id names it.
  }
  return { organization, label, patients };
}
