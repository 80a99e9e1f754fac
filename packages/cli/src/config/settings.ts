import { usageError } from '../errors/cli-error.js';
import type { GlobalOptions } from './global-options.js';
import type { Profile } from './profile.js';
import { defaultBaseUrl, defaultProfileName } from './profile.js';
import type { ProfileStore } from './store.js';
import { resolveTimeout } from './timeout.js';
import type { SettingSource, ZoneSource } from './setting-source.js';
import { isTimeZone } from '../dates/time-zone.js';

/** A credential with where it came from; only one source's credential is ever sent. */
export type Credential = { kind: 'apiKey'; secret: string; source: SettingSource } | { kind: 'token'; secret: string; source: SettingSource };

/** Everything a command needs to talk to the API, resolved flag > environment > profile. */
export interface Settings {
  profileName: string;
  profile: Profile | undefined;
  baseUrl: string;
  baseUrlSource: SettingSource;
  credential: Credential | undefined;
  timezone: string;
  timezoneSource: ZoneSource;
  /**
   * Uses the organization's or the patient's zone for this run where none was chosen (flag,
   * environment, profile): never the machine's zone silently. A chosen zone is kept.
   */
  adoptZone(zone: string, source: 'organization' | 'patient'): void;
  organization: string | undefined;
  /** Where `organization` came from, so `whoami` can say which setting disagrees with the credential. */
  organizationSource: SettingSource | undefined;
  /** The total time a command may wait for the server, and which setting said so. */
  timeout: { ms: number; source: SettingSource; label: string };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The credential of the highest-precedence source that has one. Sources are not mixed: a key
 * from the environment and a token from the profile would be sent together, and the server
 * rejects two credentials naming different accounts.
 */
function resolveCredential(flags: GlobalOptions, env: NodeJS.ProcessEnv, profile: Profile | undefined): Credential | undefined {
  const layers: [SettingSource, string | undefined, string | undefined][] = [
    ['flag', nonEmpty(flags.apiKey), nonEmpty(flags.token)],
    ['environment', nonEmpty(env.MEDSCHED_API_KEY), nonEmpty(env.MEDSCHED_TOKEN)],
    ['profile', nonEmpty(profile?.apiKey), nonEmpty(profile?.token)],
  ];
  for (const [source, apiKey, token] of layers) {
    if (apiKey !== undefined && token !== undefined) {
      throw usageError(`both an API key and a token are set (${source})`, 'give only one of them');
    }
    if (apiKey !== undefined) return { kind: 'apiKey', secret: apiKey, source };
    if (token !== undefined) return { kind: 'token', secret: token, source };
  }
  return undefined;
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function checkTimeZone(name: string): string {
  if (isTimeZone(name)) return name;
  throw usageError(`unknown time zone "${name}"`, 'use an IANA name such as Europe/Berlin or UTC');
}

export function resolveSettings(flags: GlobalOptions, env: NodeJS.ProcessEnv, store: ProfileStore, how: { allowNewProfile?: boolean } = {}): Settings {
  const explicitProfile = nonEmpty(flags.profile) ?? nonEmpty(env.MEDSCHED_PROFILE);
  const profileName = explicitProfile ?? store.currentProfile ?? defaultProfileName;
  const profile = store.get(profileName);
  if (explicitProfile !== undefined && profile === undefined && !how.allowNewProfile) {
    throw usageError(`no profile named "${profileName}"`, `known profiles: ${store.names.join(', ')}; create one with \`medsched login --profile ${profileName}\``);
  }

  const baseUrlLayers: [SettingSource, string | undefined][] = [
    ['flag', nonEmpty(flags.baseUrl)],
    ['environment', nonEmpty(env.MEDSCHED_BASE_URL)],
    ['profile', nonEmpty(profile?.baseUrl)],
    ['default', defaultBaseUrl],
  ];
  const [baseUrlSource, baseUrl] = baseUrlLayers.find(([, value]) => value !== undefined) as [SettingSource, string];
  if (!/^https?:\/\/[^/]/.test(baseUrl)) {
    throw usageError(`the base URL "${baseUrl}" is not an http(s) address`, 'use e.g. http://127.0.0.1:4010/v1');
  }

  const zoneLayers: [SettingSource, string | undefined][] = [
    ['flag', nonEmpty(flags.tz)],
    ['environment', nonEmpty(env.MEDSCHED_TZ)],
    ['profile', nonEmpty(profile?.timezone)],
  ];
  const zone = zoneLayers.find(([, value]) => value !== undefined);
  // A bad --tz is a usage error at once; the system zone is read only when a command needs it:
  // Intl's first time-zone lookup loads ICU data, a large part of a data command's start-up.
  if (zone) checkTimeZone(zone[1] as string);
  let systemZone: string | undefined;
  let adopted: [ZoneSource, string] | undefined;

  return {
    profileName,
    profile,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    baseUrlSource,
    credential: resolveCredential(flags, env, profile),
    get timezone() {
      return zone ? (zone[1] as string) : adopted ? adopted[1] : (systemZone ??= systemTimeZone());
    },
    get timezoneSource() {
      return zone ? zone[0] : adopted ? adopted[0] : 'system';
    },
    adoptZone(name: string, source: 'organization' | 'patient') {
      if (zone === undefined) adopted = [source, name];
    },
    organization: nonEmpty(env.MEDSCHED_ORGANIZATION) ?? profile?.organization,
    timeout: resolveTimeout(flags, env, profile),
    organizationSource: nonEmpty(env.MEDSCHED_ORGANIZATION) !== undefined ? 'environment' : profile?.organization !== undefined ? 'profile' : undefined,
  };
}

/** The last four characters of a secret, for `whoami`; never more. */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '****' : `…${secret.slice(-4)}`;
}
