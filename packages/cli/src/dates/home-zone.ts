import type { Session } from '../client/session.js';
import { organizationOf } from '../commands/organization-default.js';
import { patientName } from '../identity/patient-name.js';
import { cleanText } from '../output/clean-text.js';
import { isTimeZone } from './time-zone.js';
import { zoneSourceText } from './zone-source.js';


/**
 * The zone of a home-wide command (`bake --all-patients`, `plan` of several patients, device
 * events) where no zone was chosen (--tz, MEDSCHED_TZ, profile): the organization's own
 * (`meta.timezone`, where the deployment keeps one), read once; else the machine's. Either way
 * stderr says which zone and why, so that dates are never read in a zone nobody chose unseen.
 */
export async function adoptOrganizationZone(session: Session, organization?: string): Promise<void> {
  const { settings, printer } = session;
  if (settings.timezoneSource !== 'system') return;
  let name = 'the organization';
  try {
    const id = organization ?? (await organizationOf(session, undefined));
    const record = await (await session.client()).organizations.get(id);
    name = cleanText(record.name);
    const zone = (record.meta as Record<string, unknown> | undefined)?.timezone;
    if (typeof zone === 'string' && isTimeZone(zone)) {
      settings.adoptZone(zone, 'organization');
      printer.note(`Zone ${zone}: ${zoneSourceText('organization', name)} (set another with --tz or \`medsched config set timezone\`)`);
      return;
    }
  } catch {
    // Not readable with this credential: the machine's zone, said aloud below.
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
