import type { Organization } from '@medsched/sdk';
import type { Settings } from '../config/settings.js';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { cleanText } from '../output/clean-text.js';
import type { Identity } from './identity.js';
import { organizationText } from './organization-name.js';

/**
 * What the home check reads through: the session's shared reads (structural, so that the
 * session may call this module without an import circle).
 */
export interface HomeCheckContext {
  settings: Settings;
  identity(): Promise<Identity>;
  organization(id: string): Promise<Organization>;
  /** The credential's organization where already known (login's identity), to compare without a read. */
  knownOrganization?: string | undefined;
}

/** The home a run acts on, as verified with its credential. */
export interface VerifiedHome {
  id: string;
  /** The organization's name, where the credential may read it (staff); else the name `login` stored. */
  name: string | undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Where the credential of this run came from, in words. */
function credentialWords(settings: Settings): string {
  const credential = settings.credential;
  const what = credential?.kind === 'token' ? 'token' : 'API key';
  if (credential?.source === 'environment') return `the ${what} from ${credential.kind === 'token' ? 'MEDSCHED_TOKEN' : 'MEDSCHED_API_KEY'}`;
  if (credential?.source === 'flag') return `the ${what} given with --${credential.kind === 'token' ? 'token' : 'api-key'}`;
  return `the ${what} of profile "${settings.profileName}"`;
}

/** Exit 11: the credential's home is not the profile's, naming both; nothing was sent. */
export function otherHomeError(settings: Settings, expected: VerifiedHome, actual: VerifiedHome | undefined): CliError {
  const theirs = actual === undefined ? 'another organization (this one may not read it)' : organizationText(actual.id, actual.name);
  const where = settings.organizationSource === 'environment' ? 'MEDSCHED_ORGANIZATION' : settings.organizationSource === 'flag' ? '--organization' : `profile "${settings.profileName}"`;
  return new CliError(
    `${credentialWords(settings)} belongs to ${theirs}, not to ${organizationText(expected.id, expected.name)} of ${where}: nothing was sent`,
    ExitCode.otherHome,
    "a profile belongs to one home: use that home's own profile (`medsched profiles list`), or log in to it under another name (`medsched login --profile NAME`)",
  );
}

/**
 * True where the run's credential was not the one `login` checked for this profile (a key from
 * the environment or a flag) while the profile has a home: then it is checked before anything
 * is sent. An organization named by MEDSCHED_ORGANIZATION is the person's own choice of the
 * moment: the server's tenancy answers for reads (403, and `whoami` explains), and writes check it.
 */
export function guardsHome(settings: Settings): boolean {
  const source = settings.credential?.source;
  return settings.organization !== undefined && settings.organizationSource === 'profile' && (source === 'environment' || source === 'flag');
}

/**
 * Verifies that the run's credential belongs to the organization the run acts on
 * (`settings.organization`): staff read their own home (200) and no other (403); a 403 is then
 * told apart by the credential's own organization. Where no organization is set, the
 * credential's own (undefined when no answer names it). Other failures are thrown as they are:
 * an unreadable home is never taken for the right one.
 */
export async function verifyHome(context: HomeCheckContext, how: { unreadableIsOther?: boolean } = {}): Promise<VerifiedHome | undefined> {
  const { settings } = context;
  const expected = settings.organization;
  if (expected !== undefined) {
    // Entries name the credential's home: a different one is refused without another read.
    const known = context.knownOrganization;
    if (known !== undefined && known !== expected) {
      throw otherHomeError(
        settings,
        { id: expected, name: settings.profile?.organization === expected ? settings.profile?.organizationName : undefined },
        { id: known, name: await nameOf(context, known) },
      );
    }
  }
  const stored = settings.profile?.organization === expected ? settings.profile?.organizationName : undefined;
  if (expected === undefined) {
    const own = (await context.identity()).organization;
    return own === undefined ? undefined : { id: own, name: await nameOf(context, own) };
  }
  try {
    return { id: expected, name: cleanText((await context.organization(expected)).name) };
  } catch (error) {
    if (statusOf(error) !== 403) throw error;
    const own = (await context.identity()).organization;
    // A patient's credential may not read its own home, but its entries name it.
    if (own === expected) return { id: expected, name: stored };
    // No answer names the credential's home: at login that is a key that may not read this one.
    if (own === undefined && how.unreadableIsOther !== true) throw error;
    throw otherHomeError(settings, { id: expected, name: stored }, own === undefined ? undefined : { id: own, name: await nameOf(context, own) });
  }
}

async function nameOf(context: HomeCheckContext, id: string): Promise<string | undefined> {
  try {
    return cleanText((await context.organization(id)).name);
  } catch {
    // Only for the words: the id alone names it.
    return undefined;
  }
}
