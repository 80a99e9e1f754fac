import { createDatabase, exportRecords, loadRecords, observeWrites, type Database } from '@medsched/reference-server';

/** Where the browser mock keeps its database between page loads. */
export interface PersistOptions {
  /** The storage key; default `medsched-mock-db`. Two apps on one origin need two keys. */
  key?: string;
  /**
   * `local` (default): kept across reloads and shared by the origin's tabs (each tab follows the
   * others' writes); `session`: kept across reloads of this tab only.
   */
  storage?: 'local' | 'session';
}

export interface ResolvedPersistOptions {
  key: string;
  storage: Storage;
  shared: boolean;
}

export function resolvePersistOptions(option: boolean | PersistOptions | undefined): ResolvedPersistOptions | undefined {
  if (!option) return undefined;
  const { key = 'medsched-mock-db', storage = 'local' } = option === true ? {} : option;
  const store = storage === 'session' ? globalThis.sessionStorage : globalThis.localStorage;
  if (!store) throw new TypeError('setupMockWorker({ persist }): this environment has no Web Storage; persistence needs a browser page');
  return { key, storage: store, shared: storage === 'local' };
}

/** The saved database, or undefined when nothing (or nothing readable) is saved. */
export async function restoreDatabase(options: ResolvedPersistOptions): Promise<Database | undefined> {
  const text = options.storage.getItem(options.key);
  if (!text) return undefined;
  try {
    const db = createDatabase();
    await loadRecords(db, JSON.parse(text) as Record<string, unknown[]>);
    return db;
  } catch (error) {
    // A snapshot of another version of the models: start from the seed rather than fail the page.
    console.warn(`[@medsched/mock-server] the saved mock database under "${options.key}" could not be restored; starting from the seed:`, error);
    options.storage.removeItem(options.key);
    return undefined;
  }
}

/**
 * Saves the database now (unless `now: false`: it came from storage) and after every write, coalescing the writes of one task into one save
 * (a bake writes many records). Returns the function that stops saving.
 */
export function saveDatabase(db: Database, options: ResolvedPersistOptions, { now = true } = {}): () => void {
  let scheduled = false;
  const save = () => {
    scheduled = false;
    try {
      options.storage.setItem(options.key, JSON.stringify(exportRecords(db)));
    } catch (error) {
      console.warn(`[@medsched/mock-server] the mock database could not be saved under "${options.key}" (storage full?):`, error);
    }
  };
  if (now) save();
  return observeWrites(db, () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(save);
  });
}
