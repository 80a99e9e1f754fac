import { cachePath, readCacheFile, writeCacheFile } from './cache-file.js';
import { cliProcess } from '../io/cli-process.js';

/** One medication as the CLI last saw it, and how it came to know it. */
export interface KnownMedication {
  id: string;
  name: string;
  organization: string;
  /** `calendar`: named by a calendar entry; `created`: created with this CLI. */
  source: 'calendar' | 'created';
}

/**
 * The medications a profile has seen, kept beside the profiles file
 * (`medications-<profile>.json`, mode 0600): the API has no medication list, so names found
 * through calendar entries and those created with the CLI are remembered, and each id is read
 * once. A plain JSON file written by rename (atomic), not conf: reading it must not load conf.
 */
export class MedicationCache {
  readonly path: string;
  readonly #byId: Map<string, KnownMedication>;

  private constructor(path: string, records: KnownMedication[]) {
    this.path = path;
    this.#byId = new Map(records.map((record) => [record.id, record]));
  }

  static open(profileName: string, env: NodeJS.ProcessEnv = cliProcess().env): MedicationCache {
    const path = cachePath('medications', profileName, env);
    return new MedicationCache(path, readCacheFile(path, 'medications', isKnownMedication));
  }

  get(id: string): KnownMedication | undefined {
    return this.#byId.get(id);
  }

  /** The medications of an organization, by name. */
  of(organization: string): KnownMedication[] {
    return [...this.#byId.values()].filter((record) => record.organization === organization).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Every medication of the profile (all its organizations), by name. */
  all(): KnownMedication[] {
    return [...this.#byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  put(record: KnownMedication): void {
    const before = this.#byId.get(record.id);
    // Created with the CLI stays so even once an entry names it.
    this.#byId.set(record.id, { ...record, source: before?.source === 'created' ? 'created' : record.source });
  }

  delete(id: string): void {
    this.#byId.delete(id);
  }

  save(): void {
    writeCacheFile(this.path, 'medications', [...this.#byId.values()]);
  }
}

function isKnownMedication(value: unknown): value is KnownMedication {
  const record = value as Partial<KnownMedication> | null;
  return typeof record?.id === 'string' && typeof record.name === 'string' && typeof record.organization === 'string' && (record.source === 'calendar' || record.source === 'created');
}
