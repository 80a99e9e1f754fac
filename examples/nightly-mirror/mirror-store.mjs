// The copy itself: one SQLite file (sql.js, SQLite compiled to WebAssembly, so that it runs on
// Node 20, which has no node:sqlite) with the entries, the devices seen, their events, and the
// watermarks of the last night. Written to a temporary file and renamed over the old one, so
// that a night that fails half-way leaves last night's copy as it was.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';

const schema = `
  CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, updated_at TEXT NOT NULL, body TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS devices (id TEXT PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS events (id TEXT PRIMARY KEY, device_id TEXT NOT NULL, timestamp TEXT NOT NULL, body TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** Opens the copy at `path` (a new one when the file does not exist yet). */
export async function openMirrorStore(path) {
  const wasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
  const SQL = await initSqlJs({ locateFile: () => wasm });
  const db = existsSync(path) ? new SQL.Database(readFileSync(path)) : new SQL.Database();
  db.run(schema);
  const all = (sql, params = []) => {
    const statement = db.prepare(sql);
    statement.bind(params);
    const rows = [];
    while (statement.step()) rows.push(statement.get());
    statement.free();
    return rows;
  };
  return {
    /** A watermark or other saved value, or undefined on the first night. */
    get: (key) => all('SELECT value FROM state WHERE key = ?', [key])[0]?.[0],
    set: (key, value) => db.run('INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [key, value]),
    /** Writes an entry as answered; an older answer never replaces a newer one. */
    upsertEntry: (entry) =>
      db.run(
        'INSERT INTO entries (id, updated_at, body) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET updated_at = excluded.updated_at, body = excluded.body WHERE excluded.updated_at >= entries.updated_at',
        [entry.id, entry.updatedAt, JSON.stringify(entry)],
      ),
    entryIds: () => new Set(all('SELECT id FROM entries').map((row) => row[0])),
    deleteEntries(ids) {
      for (const id of ids) db.run('DELETE FROM entries WHERE id = ?', [id]);
    },
    entries: () => all('SELECT body FROM entries').map((row) => JSON.parse(row[0])),
    addDevice: (id) => db.run('INSERT OR IGNORE INTO devices (id) VALUES (?)', [id]),
    deviceIds: () => all('SELECT id FROM devices ORDER BY id').map((row) => row[0]),
    /** Keeps an event once, by id, however many nights read it again. Returns whether it was new. */
    addEvent(event) {
      db.run('INSERT OR IGNORE INTO events (id, device_id, timestamp, body) VALUES (?, ?, ?, ?)', [event.id, event.deviceId, event.timestamp, JSON.stringify(event)]);
      return db.getRowsModified() === 1;
    },
    events: () => all('SELECT body FROM events').map((row) => JSON.parse(row[0])),
    /** Writes the copy to `path`, all at once. */
    save() {
      writeFileSync(`${path}.tmp`, db.export());
      renameSync(`${path}.tmp`, path);
    },
    close: () => db.close(),
  };
}
