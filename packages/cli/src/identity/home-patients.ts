import type { User } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { cleanText } from '../output/clean-text.js';
import { patientRoles, rememberPatients } from './remember-patients.js';

/** A patient of the home as home-wide commands name it: id, shown name, time zone. */
export interface HomePatient {
  id: string;
  /** The name as shown (control characters removed), e.g. "Łukasz Żółć". */
  name: string;
  timezone: string | undefined;
}

/**
 * Every patient (role patient or onlyself) of an organization, ordered by name as a person
 * reads a list (accents sort with their letter), ids breaking ties between namesakes. Names and
 * zones go into the session, so questions and rows name the patients.
 */
export async function homePatients(session: Session, organization: string): Promise<HomePatient[]> {
  const client = await session.client();
  const found: User[] = [];
  for (const role of patientRoles) {
    for await (const user of client.users.iterate({ organization, role: role as 'patient', limit: 100 })) found.push(user);
  }
  await rememberPatients(session, organization, found);
  const patients = found.map((user) => ({ id: user.id, name: cleanText(user.name), timezone: user.timezone ?? undefined }));
  for (const patient of patients) {
    session.patientNames.set(patient.id, patient.name);
    if (patient.timezone) session.patientZones.set(patient.id, patient.timezone);
  }
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return patients.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}
