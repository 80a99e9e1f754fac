import type { Database } from './database.js';
import { tablesOf, type StoredRecord, type TableName } from './records.js';
import { utf8Length } from './utf8-length.js';

/** What one organization stores: its calendar entries, and the bytes of all its records as JSON. */
export interface OrganizationUsage {
  calendarEntries: number;
  bytes: number;
}

/** Where a record was counted, so that an update or delete takes back exactly what was added. */
interface Counted {
  organization: string;
  bytes: number;
}

/**
 * Counts, per organization, the calendar entries and the bytes of stored JSON of every record
 * it owns (organization, users and their accounts and API keys, medications, devices and their
 * events, calendar entries), kept in step with every write through the tables' write listeners.
 * Reading the usage costs nothing; a write costs one `JSON.stringify` of the record written.
 * The storage quota (domain/operation/storage-quota.ts) reads it.
 */
export class StorageUsage {
  readonly #byOrganization = new Map<string, OrganizationUsage>();
  /** `table|id` → where the record was counted. */
  readonly #counted = new Map<string, Counted>();

  /** Counts every record stored now, then follows every write. */
  constructor(private readonly db: Database) {
    for (const [table, store] of tablesOf(db)) {
      for (const record of store.all() as StoredRecord[]) this.#count(table, record);
      store.onWrite((operation, record) => {
        this.#uncount(table, (record as StoredRecord).id);
        if (operation !== 'delete') this.#count(table, record as StoredRecord);
      });
    }
  }

  /** The organization's usage (zero when it stores nothing). */
  of(organization: string): OrganizationUsage {
    return this.#byOrganization.get(organization) ?? { calendarEntries: 0, bytes: 0 };
  }

  #count(table: TableName, record: StoredRecord): void {
    const organization = this.#ownerOf(table, record);
    if (organization === undefined) return;
    const bytes = utf8Length(JSON.stringify(record));
    this.#counted.set(`${table}|${record.id}`, { organization, bytes });
    const usage = this.#usage(organization);
    usage.bytes += bytes;
    if (table === 'calendarEntries') usage.calendarEntries += 1;
  }

  #uncount(table: TableName, id: string): void {
    const key = `${table}|${id}`;
    const counted = this.#counted.get(key);
    if (!counted) return;
    this.#counted.delete(key);
    const usage = this.#usage(counted.organization);
    usage.bytes -= counted.bytes;
    if (table === 'calendarEntries') usage.calendarEntries -= 1;
  }

  #usage(organization: string): OrganizationUsage {
    let usage = this.#byOrganization.get(organization);
    if (!usage) this.#byOrganization.set(organization, (usage = { calendarEntries: 0, bytes: 0 }));
    return usage;
  }

  /** The organization a record belongs to; undefined for one not (yet) linked to any. */
  #ownerOf(table: TableName, record: StoredRecord): string | undefined {
    const { db } = this;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    switch (table) {
      case 'organizations':
        return record.id;
      case 'deviceEvents':
        return db.devices.get(String(record.deviceId))?.organization;
      case 'accounts':
        return db.users.get(String(record.userId))?.organization;
      case 'apiKeys': {
        const account = db.accounts.get(String(record.accountId));
        return account && db.users.get(account.userId)?.organization;
      }
      default:
        return text(record.organization);
    }
  }
}
