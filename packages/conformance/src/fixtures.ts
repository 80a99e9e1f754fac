import type { CredentialRole } from './options.js';
import type { Probe } from './probe.js';
import { expectStatus, field, optionalField, record, records, recordsIn } from './expect.js';
import { establishOrganization, type EstablishedOrganization } from './identity.js';
import { RuleBlocked, RuleFailure, RuleSkip } from './outcomes.js';

/** The date range scratch entries live in: far from any real schedule, so a bake there touches nothing else. */
export const scratchRange = { from: '2099-01-04', to: '2099-01-10' } as const;

/** The rule that establishes the credentials' organizations; rules that need them are blocked when it fails. */
export const identityRuleId = 'tenancy.credentials';

/** How many patients are asked for their devices at most, when looking for one with events. */
const maxPatientsForDevices = 10;

/** A device a credential may read, with its patient. */
export interface VisibleDevice {
  id: string;
  patient: string;
  /** The request that showed it (a bake result's `iotDevices`). */
  line: string;
}

/**
 * What several rules need and the run finds or makes once: the credentials' organizations, a
 * visible entry and patient, another organization's entry, a device, and (write mode only) a
 * scratch patient. The interface has no way to delete users or entries, so a scratch patient and
 * its entries stay (named "medsched conformance …", dated 2099); its bakes are undone at the end.
 */
export class Fixtures {
  readonly #probe: Probe;
  readonly #given: { organization?: string | undefined };
  readonly #cache = new Map<string, Promise<unknown>>();
  #scratchPatient: string | undefined;
  readonly #runTag = Date.now().toString(36);

  constructor(probe: Probe, given: { organization?: string | undefined } = {}) {
    this.#probe = probe;
    this.#given = given;
  }

  #once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.#cache.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.#cache.set(key, value);
    }
    return value;
  }

  /** The organization of a staff credential (`primary`, `otherOrganization`), as `identity.ts` establishes it; failures as they are. */
  establish(role: 'primary' | 'otherOrganization'): Promise<EstablishedOrganization> {
    return this.#once(`organization:${role}`, () => establishOrganization(this.#probe, role, role === 'primary' ? this.#given.organization : undefined));
  }

  /** A staff credential's organization if the run has established it (no request is sent), for the report. */
  async knownOrganization(role: 'primary' | 'otherOrganization'): Promise<{ organization: string; source: EstablishedOrganization['source'] } | undefined> {
    const value = this.#cache.get(`organization:${role}`) as Promise<EstablishedOrganization> | undefined;
    if (!value) return undefined;
    try {
      const { organization, source } = await value;
      return { organization, source };
    } catch {
      return undefined;
    }
  }

  /** A staff credential's organization (default the main one's); when it cannot be established, the rule is blocked (tenancy.credentials reports why). */
  async organization(role: 'primary' | 'otherOrganization' = 'primary'): Promise<string> {
    return (await blocking(this.establish(role))).organization;
  }

  /**
   * Another organization's id and an entry of it, seen with its own credential. Two credentials
   * that resolve to the same organization are a failure of tenancy.credentials, not a skip: a
   * leak must not make the tenancy rules stand down.
   */
  otherOrganization(): Promise<{ organization: string; entry: Record<string, unknown> }> {
    return this.#once('other', async () => {
      if (!this.#probe.has('otherOrganization')) throw new RuleSkip("needs another organization's credential (--other-org-profile)");
      const [own, other] = await Promise.all([blocking(this.establish('primary')), blocking(this.establish('otherOrganization'))]);
      if (own.organization === other.organization)
        throw new RuleBlocked(`blocked: the main and the other organization's credential both resolve to organization ${own.organization}; ${identityRuleId} reports it`);
      const entry = await this.visibleEntry('otherOrganization', other.organization);
      if (!entry) throw new RuleSkip("the other organization's credential sees no calendar entry of its own organization");
      return { organization: other.organization, entry };
    });
  }

  /**
   * The newest calendar entry the credential sees that belongs to `organization` (when given and the
   * entries name theirs): a list that leaks must not hand a rule another tenant's entry as its own.
   */
  visibleEntry(as: CredentialRole = 'primary', organization?: string): Promise<Record<string, unknown> | undefined> {
    return this.#once(`entry:${as}:${organization ?? ''}`, async () => {
      const answer = await this.#probe.send({ as, method: 'GET', path: '/calendars/', query: { limit: 100, sortBy: 'createdAt:desc' }, operation: 'calendars.list' });
      expectStatus(answer, 200, 'every role may list the calendar entries it can see (§4 #5)');
      const entries = records(answer);
      if (organization === undefined) return entries[0];
      return entries.find((entry) => optionalField(entry, 'organization', 'string') === organization) ?? entries.find((entry) => optionalField(entry, 'organization', 'string') === undefined);
    });
  }

  /** An entry of the main credential's own organization, or undefined when it sees none. */
  async ownEntry(): Promise<Record<string, unknown> | undefined> {
    return this.visibleEntry('primary', await this.organization());
  }

  /** A patient the main credential may read: the patient of an entry of its organization. */
  async visiblePatient(): Promise<string> {
    const entry = await this.ownEntry();
    if (entry === undefined) throw new RuleSkip('the main credential sees no calendar entry of its organization, so no patient to read');
    const patient = optionalField(entry, 'userId', 'string');
    if (patient === undefined) throw new RuleBlocked('blocked: calendar entries have no readable userId; contract.answer-shapes reports the field');
    return patient;
  }

  /**
   * A device a credential may read, found the only way the interface shows devices: the
   * `iotDevices` of a patient's bake result. Patients are taken from the entries it lists
   * (of its organization, when known; not `notOfPatient`), at most ten of them.
   */
  device(as: 'primary' | 'patient' | 'otherOrganization', notOfPatient?: string): Promise<VisibleDevice | undefined> {
    return this.#once(`device:${as}:${notOfPatient ?? ''}`, async () => {
      const organization = as === 'patient' ? undefined : (await blocking(this.establish(as))).organization;
      const list = await this.#probe.send({ as, method: 'GET', path: '/calendars/', query: { limit: 100 }, operation: 'calendars.list' });
      expectStatus(list, 200, 'every role may list the calendar entries it can see (§4 #5)');
      const patients = new Map<string, string>();
      for (const entry of records(list)) {
        const entryOrganization = optionalField(entry, 'organization', 'string');
        if (organization !== undefined && entryOrganization !== undefined && entryOrganization !== organization) continue;
        const patient = optionalField(entry, 'userId', 'string');
        const date = optionalField(entry, 'date', 'string');
        if (patient !== undefined && patient !== notOfPatient && date !== undefined && !patients.has(patient)) patients.set(patient, date.slice(0, 10));
      }
      for (const [patient, date] of [...patients].slice(0, maxPatientsForDevices)) {
        const bake = await this.#probe.send({ as, method: 'GET', path: '/calendars/bake', query: { patient, from: date, to: date }, operation: 'bake.get' });
        if (bake.status !== 200) continue;
        const device = recordsIn(record(bake).iotDevices).find((candidate) => typeof candidate.id === 'string');
        if (device) return { id: field(bake, device, 'id', 'string'), patient, line: bake.line };
      }
      return undefined;
    });
  }

  /** A new patient of the main credential's organization, made once per run (write mode). */
  scratchPatient(): Promise<string> {
    return this.#once('scratch', async () => {
      const organization = await this.organization();
      const answer = await this.#probe.send({
        method: 'POST',
        path: '/users/',
        body: { organization, name: `medsched conformance ${this.#runTag}`, role: 'patient', category: 'patient', timezone: 'UTC', email: null },
        operation: 'users.create',
      });
      expectStatus(answer, 201, 'staff create patients of their organization (§4 #20; docs/api-reference.md "Users")');
      this.#scratchPatient = field(answer, record(answer), 'id', 'string');
      return this.#scratchPatient;
    });
  }

  /** A new one-off draft entry of the scratch patient, dated `date` (default: the range's first day). */
  async scratchEntry(name: string, date: string = scratchRange.from): Promise<Record<string, unknown>> {
    const patient = await this.scratchPatient();
    const answer = await this.#probe.send({ method: 'POST', path: '/calendars/', body: { patient, name, date, intakeTime: '08:00', amount: 1, unit: 'tablet' }, operation: 'calendars.create' });
    expectStatus(answer, 201, 'staff create entries for patients of their organization (§4 #6)');
    return record(answer);
  }

  /** Undoes what the run changed as far as the interface allows: unbakes the scratch range. Returns what was left behind. */
  async cleanup(): Promise<string | undefined> {
    if (this.#scratchPatient === undefined) return undefined;
    await this.#probe.send({ method: 'DELETE', path: '/calendars/bake', query: { patient: this.#scratchPatient, ...scratchRange } });
    return `scratch patient ${this.#scratchPatient} and its draft entries (${scratchRange.from}..${scratchRange.to}) stay: the interface deletes neither users nor entries`;
  }
}

/** The identity rule reports a failure to establish an organization; every other rule that needs it is blocked. */
async function blocking<T>(value: Promise<T>): Promise<T> {
  try {
    return await value;
  } catch (error) {
    if (error instanceof RuleFailure) throw new RuleBlocked(`blocked: ${error.message}; ${identityRuleId} reports it`);
    throw error;
  }
}
