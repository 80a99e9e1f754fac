import type { CalendarEntry } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { readUsers } from '../identity/patient-name.js';
import type { Column } from './columns.js';
import { entryColumnsIn, medicationIdsNote, medicationNames } from './bake-rows.js';

/**
 * The columns of entries as a person reads them: the medication's and the patient's names beside
 * their ids, the patient's zone. Read only for tables, CSV and chosen fields (a whole JSON answer
 * keeps the records as the server sent them): one read per distinct medication, and one walk of
 * the organization's users when a patient is not known yet (staff only; a patient keeps ids, and
 * is told once on stderr why medications are shown by id).
 */
export async function entryColumnsFor(session: Session, entries: readonly CalendarEntry[]): Promise<Column<CalendarEntry>[]> {
  const zoneOf = (id: string) => session.patientZones.get(id);
  const { printer } = session;
  if ((printer.format === 'json' || printer.format === 'ndjson') && printer.fields === undefined) return entryColumnsIn(zoneOf);
  if (entries.some((entry) => !session.patientNames.has(entry.userId) || !session.patientZones.has(entry.userId))) await readUsers(session);
  const medications = await medicationNames(await session.client(), entries, () => printer.noteOnce('medication ids', medicationIdsNote));
  return entryColumnsIn(zoneOf, { medication: (id) => medications.get(id), patient: (id) => session.patientNames.get(id) });
}
