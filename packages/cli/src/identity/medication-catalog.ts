import type { Session } from '../client/session.js';
import { MedicationCache, type KnownMedication } from '../config/medication-cache.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { cleanText } from '../output/clean-text.js';
import { organizationOf } from './organization-default.js';
import { nameContains, sameName } from '../input/name-match.js';

const objectId = /^[0-9a-f]{24}$/;

/** What `medication list` can and cannot see, for its help and its notes. */
export const catalogLimits =
  "The API has no medication list: this lists the medications named by the organization's calendar entries (each read once) and those created with this CLI in this profile. A medication that no entry names and that was created elsewhere (another tool, another profile) is not seen.";

/**
 * The organization's medications as far as the interface lets the CLI know them: the distinct
 * medication ids of its calendar entries (one walk of GET /calendars/), each read once with
 * GET /medications/{id} and kept in the profile's cache, plus those created with the CLI.
 * `refresh` reads every id again (names change).
 */
export async function knownMedications(session: Session, options: { refresh?: boolean } = {}): Promise<KnownMedication[]> {
  const client = await session.client();
  const organization = await organizationOf(session, undefined);
  const cache = MedicationCache.open(session.settings.profileName);
  const ids = new Set<string>();
  for await (const entry of client.calendars.iterate({ limit: 100 })) {
    if (typeof entry.medication === 'string' && objectId.test(entry.medication) && entry.organization === organization) ids.add(entry.medication);
  }
  const toRead = [...ids].filter((id) => options.refresh || cache.get(id) === undefined);
  if (options.refresh) for (const record of cache.of(organization)) if (record.source === 'created' && !ids.has(record.id)) toRead.push(record.id);
  let changed = false;
  for (const id of toRead) {
    try {
      const medication = await client.medications.get(id);
      cache.put({ id, name: cleanText(medication.name), organization: medication.organization ?? organization, source: 'calendar' });
      changed = true;
    } catch (error) {
      // A deleted medication that an entry still names: forget it, keep going.
      if ((error as { status?: number }).status === 404) {
        cache.delete(id);
        changed = true;
      } else throw error;
    }
  }
  if (changed) saveQuietly(session, cache);
  return cache.of(organization);
}

/** Remembers a medication the CLI created (so `medication list` and names find it). */
export function rememberCreated(session: Session, medication: { id: string; name: string; organization?: string | null | undefined }, organization: string): void {
  const cache = MedicationCache.open(session.settings.profileName);
  cache.put({ id: medication.id, name: cleanText(medication.name), organization: medication.organization ?? organization, source: 'created' });
  saveQuietly(session, cache);
}

function saveQuietly(session: Session, cache: MedicationCache): void {
  try {
    cache.save();
  } catch (error) {
    session.printer.note(`Could not save the medication cache ${cache.path}: ${(error as Error).message}`);
  }
}

/** Medications whose name matches: exactly first, else as a part; case, accents and Unicode normalisation aside. */
export function matchingMedications(known: KnownMedication[], value: string): KnownMedication[] {
  const exact = known.filter((record) => sameName(record.name, value));
  return exact.length > 0 ? exact : known.filter((record) => nameContains(record.name, value));
}

/**
 * A medication as the user typed it: an id is used as is; a name is looked up among the known
 * medications. One match is used and echoed on stderr; several are listed (exit 2); none is exit 5.
 */
export async function resolveMedication(session: Session, value: string, flag = '--medication'): Promise<string> {
  if (objectId.test(value)) return value;
  if (value.trim() === '') throw usageError(`${flag} is empty`, 'give an id or a name, e.g. "Ibuprofen 400 mg"');
  const matches = matchingMedications(await knownMedications(session), value);
  if (matches.length === 1) {
    const [medication] = matches as [KnownMedication];
    session.printer.note(`Medication ${value.trim()} = ${medication.name} (${medication.id})`);
    return medication.id;
  }
  if (matches.length === 0) {
    throw new CliError(`no known medication matches "${value}"`, ExitCode.notFound, `\`medsched medication list\` shows the known ones (${catalogLimits.split(':')[0]}); give the id of another one`);
  }
  throw usageError(
    `${matches.length} medications match "${value}":\n${matches
      .slice(0, 10)
      .map((record) => `  ${record.name} (${record.id})`)
      .join('\n')}`,
    'give the id or the whole name; if a name changed since, `medsched medication list --refresh` reads them again',
  );
}
