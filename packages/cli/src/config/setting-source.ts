/**
 * Where a setting came from, and where the zone of human dates came from. Its own module, below
 * `settings.ts` and `timeout.ts` alike: both say where their value came from, and the timeout is
 * one of the settings, so neither may import the other for the words.
 */

/** Which layer gave a setting: flag > environment > profile > default; `system` is the machine's, chosen by nobody. */
export type SettingSource = 'flag' | 'environment' | 'profile' | 'default' | 'system';

/** Where the zone of human dates came from: a setting, or the organization's or the patient's own zone for this run. */
export type ZoneSource = SettingSource | 'organization' | 'patient';
