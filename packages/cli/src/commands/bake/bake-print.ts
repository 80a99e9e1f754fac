import type { BakeResult, User } from '@medsched/sdk';
import type { Session } from '../../client/session.js';
import { rememberPatients } from '../../identity/remember-patients.js';
import { plural } from '../../output/plural.js';
import type { Column } from '../../output/columns.js';
import { alarmColumns, alarmRows, bakedRowColumns, bakedRows, medicationIdsNote, type BakedRow } from '../../output/bake-rows.js';
import { organizationOf } from '../../identity/organization-default.js';

/**
 * The intake columns of a table of several patients (a home): whose intake a row is cannot be
 * left out to fit the terminal, and neither the patient's name nor the medication's (with its
 * strength) is shortened; the entry's id goes first, then its title and the device.
 */
const homeRowColumns: Column<BakedRow>[] = bakedRowColumns.map((column) => {
  if (column.header === 'patient') return { header: column.header, value: column.value, whole: true };
  if (column.header === 'medication') return { ...column, whole: true };
  // The entry id is for copying into another command: in a home's table it is the first to go (a pipe or --fields id keeps it).
  if (column.header === 'id') return { ...column, drop: 0 };
  // The entry's title is free text, often the medication's name again: dropped whole rather than cut into "Metformin…".
  if (column.header === 'title') return { ...column, drop: 0.5 };
  // "Dispenser…" could be anyone's: the device is left out whole (named in the note, and in the alarms' table) rather than cut.
  return column.header === 'device' ? { ...column, drop: 0.6 } : column;
});

/**
 * JSON keeps the whole result for scripts (`--json date,time,amount` picks fields of the rows). A table shows one row per baked intake and the
 * alarms below; CSV and NDJSON give one row per baked intake (or per alarm with --alarms).
 */
export async function printBakeResult(session: Session, result: BakeResult, options: { alarms?: boolean | undefined }): Promise<void> {
  const { printer } = session;
  // JSON keeps the whole result, unless fields were chosen: those are fields of the intake rows.
  if (printer.format === 'json' && printer.fields === undefined) return printer.record(result);
  const names = await patientNames(session, result);
  // The server bakes in the patient's zone; the profile's is a fallback for a credential that may not read users.
  const zoneOf = (patient: string) => session.patientZones.get(patient) ?? session.settings.timezone;
  if (options.alarms) return printer.list(alarmRows(result, names, zoneOf), alarmColumns);
  const rows = await bakedRows(await session.client(), result, names, zoneOf, () => printer.noteOnce('medication ids', medicationIdsNote));
  if (printer.format !== 'table') return printer.list(rows, bakedRowColumns);
  printer.note(`${plural(result.data.length, 'baked entry', 'baked entries')}, ${plural(result.iotDevices.length, 'device')}, ${plural(result.alarms.length, 'alarm')}`);
  // Intakes and alarms as one text: one pager on a terminal, not two in a row.
  printer.together(() => {
    if (rows.length > 0) printer.list(rows, new Set(rows.map((row) => row.patientId)).size > 1 ? homeRowColumns : bakedRowColumns);
    // Chosen fields are fields of the intake rows: the alarm table has other columns (--alarms shows it).
    if (result.alarms.length > 0 && printer.fields === undefined) printer.list(alarmRows(result, names, zoneOf), alarmColumns);
  });
}

/**
 * Names of the patients in a result: those looked up by --patient are known already; others
 * come from one walk of the organization's users (staff only: a patient keeps the ids).
 */
async function patientNames(session: Session, result: BakeResult): Promise<Map<string, string>> {
  const names = new Map(session.patientNames);
  const missing = new Set(result.data.map((entry) => entry.userId).filter((id) => !names.has(id) || !session.patientZones.has(id)));
  if (missing.size === 0) return names;
  try {
    const client = await session.client();
    const organization = await organizationOf(session, undefined);
    const seen: User[] = [];
    for await (const user of client.users.iterate({ organization, limit: 100 })) {
      seen.push(user);
      if (user.timezone) session.patientZones.set(user.id, user.timezone);
      if (missing.has(user.id)) names.set(user.id, user.name);
    }
    await rememberPatients(session, organization, seen);
  } catch {
    // Ids are still right: a credential that may not list users (a patient) sees ids.
  }
  return names;
}
