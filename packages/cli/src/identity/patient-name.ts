import type { User } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { organizationOf } from './organization-default.js';
import { cleanText } from '../output/clean-text.js';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { rememberPatients } from './remember-patients.js';

/**
 * A patient's name for questions and reports ("Erika Example"), where the credential may list
 * users; the id otherwise. The API has no GET /users/{id}: one walk of the organization's
 * users, once per run (names found by --patient look-ups are reused).
 */
export async function patientName(session: Session, id: string): Promise<string | undefined> {
  const known = session.patientNames.get(id);
  if (known !== undefined) return known;
  await readUsers(session, id);
  return session.patientNames.get(id);
}

/** Names and zones of the organization's users, into the session's maps; stops at `until` when given. */
export async function readUsers(session: Session, until?: string): Promise<void> {
  try {
    const client = await session.client();
    const organization = await organizationOf(session, undefined);
    const seen: User[] = [];
    try {
      for await (const user of client.users.iterate({ organization, limit: 100 })) {
        seen.push(user);
        session.patientNames.set(user.id, cleanText(user.name));
        if (user.timezone) session.patientZones.set(user.id, user.timezone);
        if (user.id === until) return;
      }
    } finally {
      await rememberPatients(session, organization, seen);
    }
  } catch (error) {
    // A patient's credential may not list users (403), and one without a known organization
    // cannot ask: ids (and no zones) have to do. Any other failure (server error, no connection,
    // key refused) stops the command: a zone that was not read must not become the machine's.
    const status = (error as { status?: unknown } | undefined)?.status;
    if (status === 403 || (error instanceof CliError && error.exitCode === ExitCode.usage)) return;
    throw error;
  }
}

/** "Erika Example (64d0…)", or the id alone when the name cannot be read. */
export async function patientLabel(session: Session, id: string): Promise<string> {
  const name = await patientName(session, id);
  return name === undefined ? `patient ${id}` : `${name} (${id})`;
}
