import { createReferenceServer, observeWrites, type Database, type ReferenceServer, type StoredRecord, type TableName } from '@medsched/reference-server';
import type { ApiKeyHasher } from './api-key-hashes.js';
import { databaseFrom, type ScenarioSnapshot } from './scenario-snapshot.js';

export interface BaseOptions {
  basePath: string;
  now: () => Date;
  /** One signing secret for every base of a mock: `signIn()` tokens survive `reset()`. */
  tokenSecret: string;
  hashApiKey: ApiKeyHasher;
}

/** More writes than this in one test: building afresh is as cheap as reverting them one by one. */
const maxRevertedWrites = 200;

/**
 * A reference server whose database a test may change, and the way back to the scenario: every
 * write is noted (the reference server's write observer), and `revert()` undoes them in place
 * (created records deleted, changed ones written back), which costs what the test wrote rather
 * than what the seed holds. A deleted scenario record cannot go back to its place in storage
 * order, so then (and for databases that did not come from a snapshot) the mock builds a new base.
 */
export class ScenarioBase {
  /** Ids written since the scenario (or the last revert), per table. */
  readonly #touched = new Map<TableName, Set<string>>();
  /** The record objects stored while the database held the scenario, to skip unchanged ones. */
  readonly #stored = new Map<TableName, Map<string, StoredRecord>>();
  #writes = 0;
  #revertible: boolean;
  #reverting = false;

  private constructor(
    readonly reference: ReferenceServer,
    private readonly snapshot: ScenarioSnapshot | undefined,
  ) {
    this.#revertible = snapshot !== undefined;
    if (snapshot) {
      for (const [table, list] of Object.entries(reference.db) as [TableName, { all(): StoredRecord[] }][]) {
        this.#stored.set(table, new Map(list.all().map((record) => [record.id, record])));
      }
    }
    observeWrites(reference.db, ({ table, operation, record }) => {
      if (this.#reverting) return;
      if (++this.#writes > maxRevertedWrites) this.#revertible = false;
      let ids = this.#touched.get(table);
      if (!ids) this.#touched.set(table, (ids = new Set()));
      ids.add(record.id);
      if (operation === 'delete' && this.snapshot?.byId.get(table)?.has(record.id)) this.#revertible = false;
    });
  }

  /** A base holding the snapshot's records. */
  static async fromSnapshot(snapshot: ScenarioSnapshot, options: BaseOptions): Promise<ScenarioBase> {
    return new ScenarioBase(await referenceOn(await databaseFrom(snapshot), options), snapshot);
  }

  /** A base on a database as it is (the browser's saved one): never reverted, rebuilt on reset. */
  static async fromDatabase(database: Database, options: BaseOptions): Promise<ScenarioBase> {
    return new ScenarioBase(await referenceOn(database, options), undefined);
  }

  /** Whether `revert()` can bring the scenario back in place. */
  get revertible(): boolean {
    return this.#revertible;
  }

  /**
   * Brings the database back to the scenario, and the pipeline's own state with it (kept
   * idempotent answers, the rate limit). Only when `revertible`.
   */
  async revert(): Promise<void> {
    if (!this.#revertible || !this.snapshot) throw new Error('ScenarioBase.revert: not revertible; build a new base');
    this.#reverting = true;
    try {
      for (const [table, ids] of this.#touched) {
        const store = this.reference.db[table] as unknown as RevertTable;
        const originals = this.snapshot.byId.get(table)!;
        const stored = this.#stored.get(table)!;
        for (const id of ids) {
          const current = store.get(id);
          const original = originals.get(id);
          if (!original) {
            if (current) store.delete(current);
          } else if (current && current !== stored.get(id)) {
            stored.set(id, await store.update(current, (draft) => restoreFields(draft, original)));
          }
        }
      }
    } finally {
      this.#reverting = false;
      this.#touched.clear();
      this.#writes = 0;
    }
    this.reference.pipeline.idempotency.clear();
    this.reference.pipeline.limitRate(undefined);
  }
}

/** What `revert()` needs of a table, whatever its record type. */
interface RevertTable {
  get(id: string): StoredRecord | undefined;
  delete(record: StoredRecord): void;
  update(record: StoredRecord, change: (draft: StoredRecord) => void): Promise<StoredRecord>;
}

/** Makes `draft` hold exactly the fields of `original` (which is frozen: its objects are shared, never changed). */
function restoreFields(draft: StoredRecord, original: StoredRecord): void {
  for (const key of Object.keys(draft)) if (!(key in original)) delete draft[key];
  Object.assign(draft, original);
}

function referenceOn(database: Database, options: BaseOptions): Promise<ReferenceServer> {
  return createReferenceServer({
    database,
    basePath: options.basePath,
    now: options.now,
    tokens: { secret: options.tokenSecret },
    hashApiKey: options.hashApiKey,
    // Bugs of the reference server show up in the test output with the request id.
    onError: (error, requestId) => console.error(`[@medsched/mock-server] request ${requestId} failed inside the reference server:`, error),
  });
}
