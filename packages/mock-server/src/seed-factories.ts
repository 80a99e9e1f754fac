import {
  CalendarEntryRecord,
  DeviceEventRecord,
  DeviceRecord,
  MedicationRecord,
  OrganizationRecord,
  UserRecord,
  demoCredentials,
  hashApiKey,
  newObjectId,
  type Database,
} from '@medsched/reference-server';
import type { MockState } from './mock-state.js';
import { checkSeedInput } from './seed-checks.js';
import type { UserRole } from '@medsched/sdk/schemas';
import { wallTimeAt } from '@medsched/sdk/recurrence';
import type { z } from 'zod';

/** A record's declared fields, without the index signature that loose (pass-through) schemas add. */
export type RecordFields<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/**
 * What a factory takes: some of the record's fields and no other key, so that a typo
 * (`{ nmae: 'Paula' }`) fails to compile, and at run time for untyped callers.
 */
export type SeedInput<T> = Partial<RecordFields<T>>;

/** A user who can call the API: what `mock.as()` and `mock.signIn()` take besides a demo role. */
export interface MockCredential {
  userId: string;
  accountId: string;
  organizationId: string;
  role: UserRole;
  email: string;
  apiKey: string;
}

/** Per database: counters for readable defaults and the records that missing references default to. */
interface Defaults {
  counter: number;
  organization?: OrganizationRecord;
  patient?: UserRecord;
}

/** What the factories need of the mock: its current generation (waited for during a reset) and its clock. */
export interface SeedWorld {
  /** The generation to write to, once a running `reset()` has made it. */
  ready(): Promise<MockState>;
  /** The clock of the mock (`setupMockApi({ now })`). */
  now(): Date;
}

/**
 * Typed factories over the current in-memory database: every field has a sensible default, the
 * record is validated by the reference server's model (the SDK schema) and stored through its
 * tables (so its indexes see it), and the stored record is returned.
 *
 * A missing organization defaults to the first demo organization (Sonnen-Apotheke), or, with
 * `seed: 'empty'`, to one organization made on first need; a missing patient likewise.
 */
export class SeedFactories {
  readonly #defaults = new WeakMap<MockState, Defaults>();
  /** The generation the running factory writes to (set when the factory starts). */
  #generation: MockState | undefined;

  constructor(private readonly world: SeedWorld) {}

  async organization(input: SeedInput<OrganizationRecord> = {}): Promise<OrganizationRecord> {
    checkSeedInput('organization', input);
    await this.#ready();
    const n = this.#next();
    const at = this.world.now().toISOString();
    return this.#create('organization', OrganizationRecord, (values) => this.#db.organizations.create(values), {
      id: newObjectId(this.world.now()),
      name: `Organization ${n}`,
      email: `info@organization${n}.example`,
      kind: 'pharmacy',
      meta: { timezone: 'UTC' },
      createdAt: at,
      updatedAt: at,
      ...input,
    });
  }

  /** A staff user (role `user`, category `nurse`) unless `role` says otherwise. */
  async user(input: SeedInput<UserRecord> = {}): Promise<UserRecord> {
    checkSeedInput('user', input);
    await this.#ready();
    const n = this.#next();
    const organization = input.organization ?? (await this.#defaultOrganization()).id;
    const role = input.role ?? 'user';
    const isPatient = role === 'patient' || role === 'onlyself';
    const at = this.world.now().toISOString();
    return this.#create('user', UserRecord, (values) => this.#db.users.create(values), {
      id: newObjectId(this.world.now()),
      organization,
      name: `${isPatient ? 'Patient' : 'User'} ${n}`,
      email: `${role}${n}@mock.example`,
      role,
      category: isPatient ? 'patient' : 'nurse',
      timezone: 'UTC',
      meta: {},
      apps: {},
      accountId: null,
      createdAt: at,
      updatedAt: at,
      ...input,
    });
  }

  /** A user of role `patient` (category `patient`). */
  async patient(input: SeedInput<UserRecord> = {}): Promise<UserRecord> {
    checkSeedInput('patient', input);
    await this.#ready();
    return this.user({ role: 'patient', ...input });
  }

  async medication(input: SeedInput<MedicationRecord> = {}): Promise<MedicationRecord> {
    checkSeedInput('medication', input);
    await this.#ready();
    const n = this.#next();
    const organization = input.organization ?? (await this.#defaultOrganization()).id;
    const at = this.world.now().toISOString();
    return this.#create('medication', MedicationRecord, (values) => this.#db.medications.create(values), {
      id: newObjectId(this.world.now()),
      name: `Medication ${n}`,
      organization,
      meta: {},
      date: at,
      createdAt: at,
      updatedAt: at,
      ...input,
    });
  }

  /** An unassigned dispenser, or an `active` one when `patient` is given. */
  async device(input: SeedInput<DeviceRecord> = {}): Promise<DeviceRecord> {
    checkSeedInput('device', input);
    await this.#ready();
    const n = this.#next();
    const organization = input.organization ?? (await this.#defaultOrganization()).id;
    const patient = input.patient ?? null;
    const at = this.world.now().toISOString();
    return this.#create('device', DeviceRecord, (values) => this.#db.devices.create(values), {
      id: newObjectId(this.world.now()),
      name: `Dispenser ${n}`,
      serialNumber: `DSP-MOCK-${String(n).padStart(4, '0')}`,
      organization,
      patient,
      status: patient ? 'active' : 'unassigned',
      alarmEnable: 0,
      kind: 'dispenser',
      createdAt: at,
      updatedAt: at,
      ...input,
    });
  }

  async deviceEvent(input: SeedInput<DeviceEventRecord> & Pick<DeviceEventRecord, 'deviceId'>): Promise<DeviceEventRecord> {
    checkSeedInput('deviceEvent', input);
    await this.#ready();
    // Patients read only the events of the periods a device was theirs: by default an event
    // belongs to whoever has the device now, as the server records it.
    const assignee = this.#db.devices.get(input.deviceId)?.patient ?? null;
    return this.#create('deviceEvent', DeviceEventRecord, (values) => this.#db.deviceEvents.create(values), {
      id: newObjectId(this.world.now()),
      type: 'state',
      payload: {},
      timestamp: this.world.now().toISOString(),
      assignee,
      ...input,
    });
  }

  /**
   * A draft one-off entry today at 08:00 for the default patient; give `rrule` for a series.
   * "Today" is the date in the patient's time zone, as the API's create without a date has it.
   * The organization follows the patient's.
   */
  async calendarEntry(input: SeedInput<CalendarEntryRecord> = {}): Promise<CalendarEntryRecord> {
    checkSeedInput('calendarEntry', input);
    await this.#ready();
    const n = this.#next();
    const patient = input.patient ? this.#db.users.get(input.patient) : await this.#defaultPatient();
    if (!patient) throw new Error(`mock.seed.calendarEntry: patient ${input.patient} does not exist; create it first with mock.seed.patient()`);
    const now = this.world.now(); // one reading: the date and createdAt agree, also at midnight
    const at = now.toISOString();
    return this.#create('calendarEntry', CalendarEntryRecord, (values) => this.#db.calendarEntries.create(values), {
      id: newObjectId(now),
      patient: patient.id,
      organization: patient.organization,
      name: `Tablet ${n}`,
      date: wallTimeAt(now, patient.timezone).date,
      intakeTime: '08:00',
      amount: 1,
      unit: 'tablet',
      instruction: 'Take with water',
      baked: false,
      seriesId: null,
      createdAt: at,
      updatedAt: at,
      ...input,
    });
  }

  /**
   * Gives a user an account and a fresh API key (stored as its hash, as the server does), so that
   * `mock.as(credential)` can call the API as that user.
   */
  async credential(user: UserRecord): Promise<MockCredential> {
    await this.#ready();
    const accountId = user.accountId ?? `auth0|${user.id}`;
    const email = user.email ?? `${user.id}@mock.example`;
    if (!this.#db.accounts.get(accountId)) {
      const at = this.world.now().toISOString();
      const [firstName = '', lastName = ''] = user.name.split(' ');
      await this.#db.accounts.create({
        id: accountId,
        userId: user.id,
        email,
        firstName,
        lastName,
        organizationId: user.organization,
        roles: [user.role],
        isMfaEnabled: false,
        createdAt: at,
        updatedAt: at,
      });
      if (user.accountId === null) await this.#db.users.update(user, (draft) => void (draft.accountId = accountId));
    }
    const apiKey = `msk_mock_${crypto.randomUUID().replace(/-/g, '')}`;
    await this.#db.apiKeys.create({
      id: newObjectId(this.world.now()),
      accountId,
      hash: await hashApiKey(apiKey),
      prefix: `${apiKey.slice(0, 12)}…`,
      description: 'made by mock.seed.credential',
      createdAt: this.world.now().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    return { userId: user.id, accountId, organizationId: user.organization, role: user.role, email, apiKey };
  }

  /** Waits for a running `reset()`; the factory then writes to the generation it made. */
  async #ready(): Promise<void> {
    this.#generation = await this.world.ready();
  }

  get #db(): Database {
    return this.#generation!.db;
  }

  #state(): Defaults {
    const generation = this.#generation!;
    let state = this.#defaults.get(generation);
    if (!state) this.#defaults.set(generation, (state = { counter: 0 }));
    return state;
  }

  #next(): number {
    return ++this.#state().counter;
  }

  async #defaultOrganization(): Promise<OrganizationRecord> {
    const state = this.#state();
    const firstDemo = demoCredentials()[0]!.organizationId;
    state.organization ??= this.#db.organizations.get(firstDemo) ?? (await this.organization());
    return state.organization;
  }

  async #defaultPatient(): Promise<UserRecord> {
    const state = this.#state();
    const firstDemoPatient = demoCredentials().find((credential) => credential.role === 'patient')!.userId;
    state.patient ??= this.#db.users.get(firstDemoPatient) ?? (await this.patient());
    return state.patient;
  }

  /**
   * Checks the record against the model first, so that the error names the field and the
   * factory (the store's own error only says that the record does not match), then stores it.
   */
  async #create<S extends z.ZodType, T>(factory: string, model: S, store: (values: never) => Promise<T>, values: object): Promise<T> {
    const checked = model.safeParse(values);
    if (!checked.success) {
      const fields = checked.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`).join('; ');
      throw new TypeError(`mock.seed.${factory}: the record does not fit the model: ${fields}`);
    }
    return store(values as never);
  }
}
