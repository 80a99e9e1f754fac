import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDirectory } from './config-path.js';

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

  static open(profileName: string, env: NodeJS.ProcessEnv = process.env): MedicationCache {
    const safeName = profileName.replace(/[^A-Za-z0-9_.-]/g, '_');
    const path = join(configDirectory(env), `medications-${safeName}.json`);
    let records: KnownMedication[] = [];
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as { medications?: unknown };
      if (Array.isArray(parsed.medications)) records = parsed.medications.filter(isKnownMedication);
    } catch {
      // No cache yet, or an unreadable one: it is only a cache, rebuilt from the API.
    }
    return new MedicationCache(path, records);
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
    mkdirSync(join(this.path, '..'), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ medications: [...this.#byId.values()] }, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.path);
  }
}

function isKnownMedication(value: unknown): value is KnownMedication {
  const record = value as Partial<KnownMedication> | null;
  return typeof record?.id === 'string' && typeof record.name === 'string' && typeof record.organization === 'string' && (record.source === 'calendar' || record.source === 'created');
}
