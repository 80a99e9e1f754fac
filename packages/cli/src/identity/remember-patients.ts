import type { User } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { cleanText } from '../output/clean-text.js';

/** Roles whose users are patients (the targets of --patient). */
export const patientRoles: ReadonlySet<string> = new Set(['patient', 'onlyself']);

/**
 * Keeps the patients among `users` in the profile's patient cache, for shell completion of
 * `--patient`. Best effort: a cache that cannot be written never fails the command.
 */
export async function rememberPatients(session: Session, organization: string, users: readonly User[]): Promise<void> {
  const patients = users.filter((user) => patientRoles.has(user.role ?? ''));
  if (patients.length === 0) return;
  try {
    const { PatientCache } = await import('../config/patient-cache.js');
    const cache = PatientCache.open(session.settings.profileName);
    const changed = cache.put(patients.map((user) => ({ id: user.id, name: cleanText(user.name), ...(user.email ? { email: cleanText(user.email) } : {}), organization })));
    if (changed) cache.save();
  } catch {
    // Only a cache: completion offers fewer names, nothing else changes.
  }
}
