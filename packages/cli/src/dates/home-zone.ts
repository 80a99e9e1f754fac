import type { Session } from '../client/session.js';
import { organizationOf } from '../identity/organization-default.js';
import { patientName } from '../identity/patient-name.js';
import { cleanText } from '../output/clean-text.js';
import { isTimeZone } from './time-zone.js';
import { zoneSourceText } from './zone-source.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';

/**
 * The zone of a home-wide command (`bake --all-patients`, `plan` of several patients, device
 * events) where no zone was chosen (--tz, MEDSCHED_TZ, profile): the organization's own
 * (`meta.timezone`, where the deployment keeps one), read once; the machine's only where the
 * organization really names none. Either way stderr says which zone and why. When the
 * organization cannot be read (server error, no connection, key refused, another home's), the
 * command stops with that failure's own exit code before anything is sent: a week read in a
 * zone nobody chose is a wrong week baked.
 */
export async function adoptOrganizationZone(session: Session, organization?: string): Promise<void> {
  const { settings, printer } = session;
  if (settings.timezoneSource !== 'system') return;
  // A mistyped id is the person's to fix (exit 2), named by its flag, before any request.
  if (organization !== undefined && !/^[0-9a-f]{24}$/.test(organization))
    throw usageError('--organization must be an id of 24 lower-case hex characters', 'e.g. --organization 64d001000000000000000001 (`medsched whoami` shows your own)');
  let id: string | undefined;
  let record: Awaited<ReturnType<Session['organization']>>;
  try {
    id = organization ?? (await organizationOf(session, undefined));
    record = await session.organization(id);
  } catch (error) {
    // The home check's own refusal (another home's key) says it all; a failed read gets the why.
    if (error instanceof CliError) throw error;
    printer.note(
      `Zone: ${id === undefined ? "the organization's" : `organization ${id}'s`} zone could not be read, so its dates are not known and nothing was sent (--tz ZONE chooses the zone without reading it).`,
    );
    throw error;
  }
  const name = cleanText(record.name);
  const zone = record.meta?.timezone;
  if (typeof zone === 'string' && isTimeZone(zone)) {
    settings.adoptZone(zone, 'organization');
    printer.note(`Zone ${zone}: ${zoneSourceText('organization', name)} (set another with --tz or \`medsched config set timezone\`)`);
    return;
  }
  if (zone !== undefined) {
    // A zone the organization names but this machine does not know is not "none": stop, do not guess.
    throw new CliError(
      `${name} names the zone ${JSON.stringify(cleanText(typeof zone === 'string' ? zone : JSON.stringify(zone)))}, which this machine does not know: its dates are not known, nothing was sent`,
      ExitCode.other,
      'choose the zone with --tz ZONE (e.g. --tz Europe/Berlin), or update Node',
    );
  }
  printer.note(`Zone ${settings.timezone}: ${zoneSourceText('system', name)} (choose one with --tz or \`medsched config set timezone\`)`);
}

/** A patient's dates in the patient's zone where no zone was chosen (read with the patient's name when not known yet). */
export async function adoptPatientZone(session: Session, patient: string): Promise<void> {
  if (session.settings.timezoneSource !== 'system') return;
  if (!session.patientZones.has(patient)) await patientName(session, patient);
  const zone = session.patientZones.get(patient);
  if (zone !== undefined && isTimeZone(zone)) session.settings.adoptZone(zone, 'patient');
}
