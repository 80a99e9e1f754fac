import { usageError } from '../errors/cli-error.js';
import type { GlobalOptions } from './global-options.js';
import type { Profile } from './profile.js';
import type { SettingSource } from './setting-source.js';

/** The total wait for the server when nothing says otherwise: long enough for an organization-wide bake. */
export const defaultTimeoutSeconds = 60;

/** Seconds as given (`30`, `2.5`, `90s`), or undefined when it is not a positive number up to a day. */
export function parseTimeoutSeconds(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*s?\s*$/.exec(text);
  if (!match) return undefined;
  const seconds = Number(match[1]);
  return seconds > 0 && seconds <= 86_400 ? seconds : undefined;
}

/** The total timeout in milliseconds and where it came from: --timeout > MEDSCHED_TIMEOUT > profile `timeout` > 60 s. */
export function resolveTimeout(flags: GlobalOptions, env: NodeJS.ProcessEnv, profile: Profile | undefined): { ms: number; source: SettingSource; label: string } {
  const layers: [SettingSource, string, string | undefined][] = [
    ['flag', '--timeout', flags.timeout],
    ['environment', 'MEDSCHED_TIMEOUT', env.MEDSCHED_TIMEOUT || undefined],
    ['profile', "the profile's timeout", profile?.timeout],
  ];
  for (const [source, label, value] of layers) {
    if (value === undefined) continue;
    const seconds = parseTimeoutSeconds(value);
    if (seconds === undefined) throw usageError(`${label} must be a number of seconds between 0 and 86400, got "${value}"`, 'e.g. --timeout 30 or MEDSCHED_TIMEOUT=120');
    return { ms: seconds * 1000, source, label };
  }
  return { ms: defaultTimeoutSeconds * 1000, source: 'default', label: 'the default timeout' };
}
