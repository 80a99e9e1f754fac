import type { OperationId } from '@medsched/sdk/schemas';
import { hashApiKey } from '../domain/access/api-keys.js';
import { newObjectId } from '../db/object-id.js';
import type { StoredRecord, TableName } from '../db/records.js';
import type { EmailRedactor } from './email-redactor.js';
import { scenarioFormat, type Scenario, type ScenarioCredential } from './scenario.js';

type Row = Record<string, unknown>;

const objectId = /^[0-9a-f]{24}$/;
const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : isRow(value) ? [value] : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Answer fields the reference server derives from stored ones: not stored, so they are derived again on replay. */
const derivedEntryFields = ['userId', 'title', 'description', 'startTime', 'endTime'];

export interface ScenarioBuilderOptions {
  /** Replaces every e-mail address by a made-up one (shared with whatever else the recording writes). */
  redactor?: EmailRedactor | undefined;
  /** The recorded service's origin, kept in the scenario for people. */
  target?: string;
  now?: () => Date;
}

/**
 * Turns recorded answers into seed records. Each answer of a known operation adds or replaces
 * (by id, latest wins) the records it shows; what the answers refer to but never showed (an
 * entry's patient, an event's device, an organization) is filled in with placeholders so that
 * the records load and the same reads answer the same. Bounded: at most `maxRecords` records.
 */
export class ScenarioBuilder {
  readonly #tables = new Map<TableName, Map<string, Row>>();
  readonly #options: ScenarioBuilderOptions;
  readonly maxRecords: number;
  #count = 0;
  /** Records not kept because `maxRecords` was reached: the proxy says how many. */
  dropped = 0;
  /** Stable across builds (the scenario is rewritten while recording): the organization of records that name none, and the replay keys. */
  #fallbackOrganization: string | undefined;
  readonly #replayKeys = new Map<string, { apiKey: string; id: string; hash: string }>();
  /** The id of the replay user made for an organization with no recorded admin or staff user. */
  readonly #replayUserIds = new Map<string, string>();

  constructor(options: ScenarioBuilderOptions = {}, maxRecords = 100_000) {
    this.#options = options;
    this.maxRecords = maxRecords;
  }

  #now(): string {
    return (this.#options.now?.() ?? new Date()).toISOString();
  }

  #email(value: unknown): unknown {
    return this.#options.redactor && typeof value === 'string' && value.includes('@') ? this.#options.redactor.address(value) : value;
  }

  #put(table: TableName, row: Row): void {
    const id = text(row.id);
    if (id === undefined) return;
    let rows = this.#tables.get(table);
    if (!rows) this.#tables.set(table, (rows = new Map<string, Row>()));
    if (!rows.has(id)) {
      if (this.#count >= this.maxRecords) {
        this.dropped++;
        return;
      }
      this.#count++;
    }
    rows.set(id, { ...rows.get(id), ...row });
  }

  #has(table: TableName, id: string): boolean {
    return this.#tables.get(table)?.has(id) ?? false;
  }

  /** Adds what one successful answer shows. `query` is the request's query (for the organization of a user list). */
  add(operation: OperationId, body: unknown, query: Record<string, string> = {}): void {
    const now = this.#now();
    switch (operation) {
      case 'organizations.get':
      case 'organizations.update':
        for (const row of rowsOf(body)) this.#put('organizations', { meta: {}, createdAt: now, updatedAt: now, ...row, email: this.#email(row.email) });
        return;
      case 'users.list':
      case 'users.create':
        for (const row of rowsOf(body)) {
          this.#put('users', {
            role: 'patient',
            category: null,
            timezone: 'UTC',
            meta: {},
            apps: {},
            accountId: null,
            createdAt: now,
            updatedAt: now,
            organization: query.organization,
            ...row,
            email: this.#email(row.email ?? null),
          });
        }
        return;
      case 'medications.get':
      case 'medications.create':
      case 'medications.replace':
      case 'medications.update':
        for (const row of rowsOf(body)) this.#put('medications', { meta: {}, date: now, createdAt: now, updatedAt: now, ...row });
        return;
      case 'calendars.list':
      case 'calendars.get':
      case 'calendars.create':
      case 'calendars.replace':
      case 'calendars.update':
      case 'bake.delete':
        for (const row of rowsOf(body)) this.#addEntry(row, now);
        return;
      case 'bake.get':
      case 'bake.create':
        if (isRow(body)) {
          for (const row of rowsOf(body.data)) this.#addEntry(row, now);
          // The patient's devices: the replayed bake answers the same iotDevices and alarms.
          for (const row of rowsOf(body.iotDevices)) this.#put('devices', { patient: null, createdAt: now, updatedAt: now, ...row });
        }
        return;
      case 'devices.update':
        for (const row of rowsOf(body)) this.#put('devices', { patient: null, createdAt: now, updatedAt: now, ...row });
        return;
      case 'devices.events':
        for (const row of rowsOf(body)) this.#put('deviceEvents', row);
        return;
      default:
        // accounts.update shows an account of the recorded service (replaced by replay accounts); pdf.sign a link.
        return;
    }
  }

  #addEntry(entry: Row, now: string): void {
    const stored: Row = { seriesId: null, createdAt: now, updatedAt: now, ...entry };
    stored.patient ??= entry.userId;
    stored.name ??= entry.title;
    if (stored.instruction === undefined && typeof entry.description === 'string' && entry.description !== '') stored.instruction = entry.description;
    if (stored.intakeTime === undefined && stored.timeCategory === undefined && typeof entry.startTime === 'string') stored.intakeTime = entry.startTime;
    for (const field of derivedEntryFields) delete stored[field];
    this.#put('calendarEntries', stored);
  }

  /** The scenario: the recorded records, placeholders for what they refer to, and a replay credential per organization. */
  async build(): Promise<Scenario> {
    const now = this.#now();
    const organizations = new Set<string>(this.#tables.get('organizations')?.keys() ?? []);
    const fallbackOrganization = [...organizations][0] ?? (this.#fallbackOrganization ??= newObjectId());
    const organizationOf = (row: Row): string => {
      const organization = text(row.organization);
      return organization && objectId.test(organization) ? organization : fallbackOrganization;
    };
    for (const entry of this.#tables.get('calendarEntries')?.values() ?? []) {
      entry.organization = organizationOf(entry);
      organizations.add(entry.organization as string);
      const patient = text(entry.patient);
      if (patient && !this.#has('users', patient)) {
        this.#put('users', {
          id: patient,
          name: `Patient …${patient.slice(-4)}`,
          email: null,
          organization: entry.organization,
          role: 'patient',
          category: 'patient',
          timezone: 'UTC',
          meta: {},
          apps: {},
          accountId: null,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    for (const table of ['users', 'medications', 'devices'] as const) {
      for (const row of this.#tables.get(table)?.values() ?? []) {
        row.organization = organizationOf(row);
        organizations.add(row.organization as string);
      }
    }
    for (const event of this.#tables.get('deviceEvents')?.values() ?? []) {
      const device = text(event.deviceId);
      if (device && !this.#has('devices', device)) {
        this.#put('devices', {
          id: device,
          name: `Device …${device.slice(-4)}`,
          serialNumber: 'recorded',
          status: 'active',
          organization: fallbackOrganization,
          patient: null,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    for (const organization of organizations) {
      if (!this.#has('organizations', organization)) {
        this.#put('organizations', {
          id: organization,
          name: `Organization …${organization.slice(-4)}`,
          email: 'organization@redacted.example',
          kind: 'recorded',
          meta: {},
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    const credentials: ScenarioCredential[] = [];
    const accounts: StoredRecord[] = [];
    const apiKeys: StoredRecord[] = [];
    // Copies: a build adds the replay users and accounts to what it writes, never to what was
    // recorded, so that a scenario written while recording does not leave them behind (a replay
    // admin made before the recorded admin arrived stayed in the user list of every later build).
    const records: Record<string, StoredRecord[]> = {};
    for (const [table, rows] of this.#tables) records[table] = [...rows.values()].map((row) => ({ ...row })) as StoredRecord[];
    const users = (records.users ??= []);
    for (const organization of organizations) {
      const credential = await this.#replayCredential(organization, now, users, accounts, apiKeys);
      credentials.push(credential);
    }
    records.accounts = accounts;
    records.apiKeys = apiKeys;
    return { format: scenarioFormat, recordedAt: now, ...(this.#options.target && { target: this.#options.target }), records, credentials };
  }

  /**
   * An admin who may read everything recorded for `organization`: a recorded admin (or staff) user
   * when there is one, so that the user list answers as recorded, else a new user. Its key is new
   * (`msk_scenario_…`), random, and stored only as a hash, like any key.
   */
  async #replayCredential(organization: string, now: string, users: StoredRecord[], accounts: StoredRecord[], apiKeys: StoredRecord[]): Promise<ScenarioCredential> {
    const members = users.filter((user) => user.organization === organization);
    let user = members.find((candidate) => candidate.role === 'admin') ?? members.find((candidate) => candidate.role === 'user');
    if (!user) {
      const id = (this.#replayUserIds.get(organization) ?? this.#replayUserIds.set(organization, newObjectId()).get(organization)) as string;
      user = { id, name: 'Scenario replay', email: null, organization, role: 'admin', category: null, timezone: 'UTC', meta: {}, apps: {}, accountId: null, createdAt: now, updatedAt: now };
      users.push(user);
    }
    const userId = String(user.id);
    const accountId = text(user.accountId) ?? `scenario|${userId}`;
    user.accountId = accountId;
    const email = text(user.email) ?? `replay-${userId}@scenario.example`;
    accounts.push({
      id: accountId,
      email,
      firstName: 'Scenario',
      lastName: 'Replay',
      organizationId: organization,
      roles: [String(user.role)],
      isMfaEnabled: false,
      createdAt: now,
      updatedAt: now,
      userId,
    });
    let key = this.#replayKeys.get(organization);
    if (!key) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      const apiKey = `msk_scenario_${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
      key = { apiKey, id: newObjectId(), hash: await hashApiKey(apiKey) };
      this.#replayKeys.set(organization, key);
    }
    const { apiKey } = key;
    apiKeys.push({ id: key.id, accountId, hash: key.hash, prefix: `${apiKey.slice(0, 12)}…`, description: 'scenario replay', createdAt: now, lastUsedAt: null, revokedAt: null });
    return { apiKey, email, role: user.role as ScenarioCredential['role'], organizationId: organization, userId, accountId };
  }
}
