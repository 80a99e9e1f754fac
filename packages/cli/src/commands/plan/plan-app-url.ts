import type { Session } from '../../client/session.js';
import { defaultAppUrl } from '../../config/profile.js';
import { usageError } from '../../errors/cli-error.js';
import { cliProcess } from '../../io/cli-process.js';

/** The app address: flag, MEDSCHED_APP_URL, the profile's `app-url`, else the reference server's default. */
export function appUrlOf(session: Session, flag: string | undefined): string {
  const url = flag ?? (cliProcess().env.MEDSCHED_APP_URL || undefined) ?? session.settings.profile?.appUrl ?? defaultAppUrl;
  if (!/^https?:\/\/[^/]+$/.test(url.replace(/\/+$/, ''))) throw usageError(`--app-url "${url}" is not an http(s) origin`, `e.g. ${defaultAppUrl}`);
  return url.replace(/\/+$/, '');
}
