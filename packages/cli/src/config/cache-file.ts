import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDirectory } from './config-path.js';
import { secureConfigFolder } from './config-folder.js';
import { cliProcess } from '../io/cli-process.js';

/**
 * Where a profile's cache of `kind` lives: beside the profiles file, `<kind>-<profile>.json`
 * (the profile name made safe for a file name).
 */
export function cachePath(kind: string, profileName: string, env: NodeJS.ProcessEnv = cliProcess().env): string {
  return join(configDirectory(env), `${kind}-${profileName.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`);
}

/**
 * The records under `key` in a cache file that pass `isRecord`; none when the file is missing
 * or unreadable: it is only a cache, rebuilt from the API.
 */
export function readCacheFile<T>(path: string, key: string, isRecord: (value: unknown) => value is T): T[] {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const records = parsed[key];
    return Array.isArray(records) ? records.filter(isRecord) : [];
  } catch {
    return [];
  }
}

/**
 * Writes `{ [key]: records }` to the cache file, mode 0600 in a 0700 directory, by rename
 * (atomic: a completion reading it at the same moment sees the old or the new file, never half).
 * A plain JSON file, not conf: reading it must not load conf.
 */
export function writeCacheFile(path: string, key: string, records: readonly unknown[]): void {
  // Tightened quietly: the profiles file's first write (login) says so when it changes a mode.
  secureConfigFolder(join(path, '..'));
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ [key]: records }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
