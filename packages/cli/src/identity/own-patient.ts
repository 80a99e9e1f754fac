import type { Session } from '../client/session.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { resolvePatient } from './patient-lookup.js';
import { patientRoles } from './remember-patients.js';

/**
 * The patient a patient's credential belongs to, or undefined for staff (and when no answer
 * tells). A patient's key lists only its own calendar entries, so their `userId` is its own.
 * Asked only where --patient is missing or refused. A profile's own credential that login found
 * to be staff's needs no request (MEDSCHED_API_KEY or a flag may be another key: then the API is asked).
 */
export async function ownPatient(session: Session): Promise<string | undefined> {
  const stored = session.settings.profile?.role;
  if (session.settings.credential?.source === 'profile' && stored !== undefined && !patientRoles.has(stored)) return undefined;
  const identity = await session.identity();
  if (identity.role === undefined || !patientRoles.has(identity.role)) return undefined;
  if (identity.userId !== undefined) return identity.userId;
  // A token's account does not name the user: its newest entry does.
  const page = await (await session.client()).calendars.list({ limit: 1, sortBy: 'createdAt:desc' });
  return page.items[0]?.userId;
}

/** A patient's key asked for another patient: refused before (or instead of) the server's 403, saying what it may read. */
function otherPatientRefusal(own: string, given: string): CliError {
  return new CliError(
    `this key belongs to patient ${own} and reads only that patient's schedule, not "${given}"`,
    ExitCode.permission,
    `leave out --patient to read your own; another patient needs a staff key (\`medsched whoami\` shows the key's role)`,
  );
}

/**
 * The patient of a one-patient read (`bake show`): `--patient` as given (a name, e-mail or id),
 * else the key's own patient when the key is a patient's (said on stderr), else --patient is
 * required. A patient's key naming another patient is refused with what it may read.
 */
export async function patientOrOwn(session: Session, given: string | undefined): Promise<string> {
  if (given === undefined) {
    // A server that cannot tell (down, refusing) makes it a missing --patient, as before: exit 2.
    const own = await ownPatient(session).catch(() => undefined);
    if (own === undefined) throw usageError('--patient is required', 'e.g. --patient "Clara Claus", --patient patient1@sonnen.example or an id (a patient\'s own key needs none)');
    session.printer.note(`Patient: this key's own, ${own} (a patient's key reads only its own schedule)`);
    return own;
  }
  try {
    return await resolvePatient(session, given);
  } catch (error) {
    // A name or e-mail needs the list of users, which a patient's key may not read.
    if (error instanceof CliError && error.exitCode === ExitCode.permission) {
      const own = await ownPatient(session).catch(() => undefined);
      if (own !== undefined) throw otherPatientRefusal(own, given);
    }
    throw error;
  }
}

/**
 * Turns the server's 403 for a patient's key that named another patient's id into the refusal
 * above; any other failure is rethrown as it is.
 */
export async function explainOtherPatient(session: Session, patient: string, error: unknown): Promise<never> {
  if ((error as { status?: unknown }).status === 403) {
    const own = await ownPatient(session).catch(() => undefined);
    if (own !== undefined && own !== patient) throw otherPatientRefusal(own, patient);
  }
  throw error;
}
