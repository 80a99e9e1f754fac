import { InvalidArgumentError, type Command } from 'commander';
import type { User } from '@medsched/sdk';
import { openSession, type Session } from '../../client/session.js';
import { dateIn } from '../../dates/time-zone.js';
import { patientColumns, type PatientRow } from '../../output/list-columns.js';
import { rememberPatients } from '../../identity/remember-patients.js';
import { patientContains } from '../../identity/patient-lookup.js';
import { withExamples } from '../../output/help-examples.js';
import { organizationOf } from '../../identity/organization-default.js';

/** The longest --search: as long as the longest name the service stores is more than enough. */
const maxSearchLength = 200;

function searchText(value: string): string {
  if (value.trim() === '' || value.length > maxSearchLength) throw new InvalidArgumentError(`give 1 to ${maxSearchLength} characters of a name or e-mail`);
  return value;
}

/** Requests in flight at once when reading devices: enough to be quick, few enough to stay under a rate limit. */
const parallelReads = 4;

/**
 * The devices of each patient. The interface has no device list; a bake read of one day
 * (`GET /calendars/bake`, which changes nothing) answers the patient's devices in `iotDevices`.
 */
async function withDevices(session: Session, patients: User[]): Promise<PatientRow[]> {
  const client = await session.client();
  const rows: PatientRow[] = patients.map((patient) => ({ ...patient, devices: [] }));
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as PatientRow;
      const today = dateIn(new Date(), row.timezone ?? session.settings.timezone);
      const result = await client.calendars.bake.get({ patient: row.id, from: today, to: today });
      row.devices = result.iotDevices.map(({ id, name, serialNumber, status }) => ({ id, name, serialNumber, status }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelReads, rows.length) }, worker));
  return rows;
}

export function registerPatientsCommands(program: Command): void {
  const patients = program.command('patients').description('The patients of your organization (users of role patient and onlyself).');
  const list = patients
    .command('list')
    .description('List the patients with e-mail, time zone and assigned devices; --patient elsewhere takes any of these names or e-mails.')
    .option('--organization <id>', "organization (default: the profile's, else the credential's)")
    .option('--search <text>', 'only patients whose name or e-mail contains this (case and accents aside: muller finds Müller)', searchText)
    .option('--no-devices', 'skip the devices (one request less per patient)')
    .action(async (options: { organization?: string; search?: string; devices: boolean }, command: Command) => {
      const session = await openSession(command);
      const organization = await organizationOf(session, options.organization);
      const client = await session.client();
      const found: User[] = [];
      for (const role of ['patient', 'onlyself'] as const) {
        for await (const user of client.users.iterate({ organization, role, limit: 100, sortBy: 'name' })) found.push(user);
      }
      // --search is matched here, accents and case aside, whatever the service's own search does.
      if (options.search !== undefined) found.splice(0, found.length, ...found.filter((user) => patientContains(user, options.search as string)));
      found.sort((a, b) => a.name.localeCompare(b.name));
      await rememberPatients(session, organization, found);
      const rows = options.devices ? await withDevices(session, found) : found.map((user) => ({ ...user, devices: [] }));
      // --no-devices: no empty devices columns either.
      session.printer.list(rows, options.devices ? patientColumns : patientColumns.filter((column) => !column.header.startsWith('device')));
    });
  withExamples(list, ['medsched patients list', 'medsched patients list --search claus --json id,name,email', 'medsched patients list --no-devices --output csv > patients.csv']);
}
