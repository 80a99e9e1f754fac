import type { ZoneSource } from '../config/setting-source.js';

/**
 * Where a zone in use comes from, in the words `config list`, the date echoes and the zone notes
 * use: `flag`, `environment`, `profile` as they are; `Sonnen-Apotheke's` (the organization's,
 * `owner` naming it); `the patient's zone`; the machine's, as a fallback nobody chose (with
 * `owner`: that organization names none).
 */
export function zoneSourceText(source: ZoneSource, owner?: string): string {
  if (source === 'organization') return `${owner ?? 'the organization'}'s`;
  if (source === 'patient') return "the patient's zone";
  if (source === 'system') {
    return owner === undefined ? "system: not chosen, so a patient's dates use the patient's zone, home-wide commands and device events the organization's" : `this machine's, as ${owner} names none`;
  }
  return source;
}

/**
 * The zone of one patient's dates: the patient's own where no zone was chosen (the server reads
 * the dates there), else the chosen one; with the words an echo adds (` (the patient's zone)`).
 */
export function patientDateZone(settings: { timezone: string; timezoneSource: ZoneSource }, patientZone: string | undefined): { zone: string; said: string } {
  const zone = settings.timezoneSource === 'system' && patientZone !== undefined ? patientZone : settings.timezone;
  return { zone, said: zone === patientZone && zone !== settings.timezone ? ` (${zoneSourceText('patient')})` : '' };
}
