import { createDatabase, exportRecords, loadRecords, loadScenario, seedDatabase, type Database, type Scenario, type SeedName, type StoredRecord, type TableName } from '@medsched/reference-server';

/**
 * A seed's records, built once per seed and process and frozen: every mock and every `reset()`
 * starts from them instead of running the seed again (which hashes every demo key).
 */
export interface ScenarioSnapshot {
  readonly seed: SeedName | Scenario;
  readonly records: Readonly<Record<TableName, readonly StoredRecord[]>>;
  /** Table → id → record, to revert a record to what the scenario had. */
  readonly byId: ReadonlyMap<TableName, ReadonlyMap<string, StoredRecord>>;
}

const snapshots = new Map<SeedName, Promise<ScenarioSnapshot>>();
/** Recorded scenarios, by the object the test passed: loaded once, checked against the models then. */
const recorded = new WeakMap<Scenario, Promise<ScenarioSnapshot>>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The snapshot of `seed`, seeded on first use (in a database nobody else sees). */
export function snapshotOf(seed: SeedName | Scenario): Promise<ScenarioSnapshot> {
  if (typeof seed === 'object') {
    let snapshot = recorded.get(seed);
    if (!snapshot) {
      snapshot = (async () => {
        const db = createDatabase();
        await loadScenario(db, seed);
        return frozenSnapshot(seed, db);
      })();
      recorded.set(seed, snapshot);
    }
    return snapshot;
  }
  let snapshot = snapshots.get(seed);
  if (!snapshot) {
    snapshot = (async () => {
      const db = createDatabase();
      await seedDatabase(db, seed);
      return frozenSnapshot(seed, db);
    })();
    snapshot.catch(() => snapshots.delete(seed));
    snapshots.set(seed, snapshot);
  }
  return snapshot;
}

function frozenSnapshot(seed: SeedName | Scenario, db: Database): ScenarioSnapshot {
  // Plain copies, frozen: a test that changes a record object by hand cannot change the scenario.
  const records = deepFreeze(structuredClone(exportRecords(db)));
  const byId = new Map(Object.entries(records).map(([table, list]) => [table as TableName, new Map(list.map((record) => [record.id, record]))]));
  return { seed, records, byId };
}

/** A new database holding the snapshot's records (ids, order and indexes as seeded). */
export async function databaseFrom(snapshot: ScenarioSnapshot): Promise<Database> {
  const db = createDatabase();
  await loadRecords(db, snapshot.records);
  return db;
}
