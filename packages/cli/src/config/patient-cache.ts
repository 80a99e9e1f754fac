import { cachePath, readCacheFile, writeCacheFile } from './cache-file.js';
import { cliProcess } from '../io/cli-process.js';

/** A patient as the CLI last saw it listed or resolved: what `--patient` accepts besides the id. */
export interface KnownPatient {
  id: string;
  name: string;
  email?: string | undefined;
  organization: string;
}

/**
 * The patients a profile has seen (`patients-<profile>.json` beside the profiles file, mode
 * 0600), filled whenever the CLI lists or resolves patients, so that shell completion of
 * `--patient` reads a local file and sends no request while the person types.
 */
export class PatientCache {
  readonly path: string;
  readonly #byId: Map<string, KnownPatient>;

  private constructor(path: string, records: KnownPatient[]) {
    this.path = path;
    this.#byId = new Map(records.map((record) => [record.id, record]));
  }

  static open(profileName: string, env: NodeJS.ProcessEnv = cliProcess().env): PatientCache {
    const path = cachePath('patients', profileName, env);
    return new PatientCache(path, readCacheFile(path, 'patients', isKnownPatient));
  }

  /** The patients of an organization, or of every organization of the profile, by name. */
  of(organization?: string): KnownPatient[] {
    return [...this.#byId.values()].filter((record) => organization === undefined || record.organization === organization).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Adds or updates patients; true when anything changed (so an unchanged cache is not rewritten). */
  put(records: readonly KnownPatient[]): boolean {
    let changed = false;
    for (const record of records) {
      const before = this.#byId.get(record.id);
      if (before?.name === record.name && before.email === record.email && before.organization === record.organization) continue;
      this.#byId.set(record.id, record);
      changed = true;
    }
    return changed;
  }

  save(): void {
    writeCacheFile(this.path, 'patients', [...this.#byId.values()]);
  }
}

function isKnownPatient(value: unknown): value is KnownPatient {
  const record = value as Partial<KnownPatient> | null;
  return typeof record?.id === 'string' && typeof record.name === 'string' && typeof record.organization === 'string' && (record.email === undefined || typeof record.email === 'string');
}

/**
 * What `--patient` completes to: each name once (a name two patients share is left out, since
 * `--patient` would refuse it as ambiguous) and each e-mail, on one line each.
 */
export function completionWords(patients: readonly KnownPatient[]): string[] {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const count = new Map<string, number>();
  for (const patient of patients) count.set(oneLine(patient.name).toLowerCase(), (count.get(oneLine(patient.name).toLowerCase()) ?? 0) + 1);
  const names = patients.map((patient) => oneLine(patient.name)).filter((name) => name !== '' && count.get(name.toLowerCase()) === 1);
  const emails = patients.map((patient) => oneLine(patient.email ?? '')).filter((email) => email !== '');
  return [...new Set([...names, ...emails])];
}
