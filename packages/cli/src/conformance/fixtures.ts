import type { Probe } from './probe.js';
import { expectStatus, record, records } from './expect.js';
import { RuleSkip } from './rule.js';

/** The date range scratch entries live in: far from any real schedule, so a bake there touches nothing else. */
export const scratchRange = { from: '2099-01-04', to: '2099-01-10' } as const;

/**
 * What several rules need and the run finds or makes once: the credential's organization, a
 * visible entry and patient, another organization's entry, and (write mode only) a scratch
 * patient. The interface has no way to delete users or entries, so a scratch patient and its
 * entries stay (named "medsched conformance …", dated 2099); its bakes are undone at the end.
 */
export class Fixtures {
  readonly #probe: Probe;
  readonly #given: { organization?: string | undefined };
  #cache = new Map<string, Promise<unknown>>();
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
      // A failed look-up is not remembered: the next rule asks again and reports its own failure.
      value.catch(() => this.#cache.delete(key));
    }
    return value;
  }

  /** The newest calendar entry the credential sees, or undefined when it sees none. */
  visibleEntry(as: 'primary' | 'patient' | 'otherOrganization' = 'primary'): Promise<Record<string, unknown> | undefined> {
    return this.#once(`entry:${as}`, async () => {
      // Not checked against the schema here: a look-up needs only ids, and a field that drifted is
      // reported once, by the rule about answers' shapes, not by every rule that looks something up.
      const answer = await this.#probe.send({ as, method: 'GET', path: '/calendars/', query: { limit: 1, sortBy: 'createdAt:desc' } });
      expectStatus(answer, 200, 'every role may list the calendar entries it can see (§4 #5)');
      return records(answer)[0];
    });
  }

  /** The main credential's organization: given (--organization), else from the entries it sees. */
  organization(): Promise<string> {
    return this.#once('organization', async () => {
      if (this.#given.organization) return this.#given.organization;
      const organization = (await this.visibleEntry())?.organization;
      if (typeof organization !== 'string') throw new RuleSkip('the organization is unknown: the credential sees no calendar entry naming it; give --organization');
      return organization;
    });
  }

  /** A patient the main credential may read: the patient of an entry it sees. */
  async visiblePatient(): Promise<string> {
    const patient = (await this.visibleEntry())?.userId;
    if (typeof patient !== 'string') throw new RuleSkip('the main credential sees no calendar entry, so no patient to read');
    return patient;
  }

  /** Another organization's id and newest entry, seen with its own credential. */
  otherOrganization(): Promise<{ organization: string; entry: Record<string, unknown> }> {
    return this.#once('other', async () => {
      if (!this.#probe.has('otherOrganization')) throw new RuleSkip("needs another organization's credential (--other-org-profile)");
      const entry = await this.visibleEntry('otherOrganization');
      if (!entry || typeof entry.organization !== 'string') throw new RuleSkip("the other organization's credential sees no calendar entry");
      if (entry.organization === (await this.organization().catch(() => undefined))) throw new RuleSkip("--other-org-profile's credential belongs to the same organization as the main one");
      return { organization: entry.organization, entry };
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
      this.#scratchPatient = String(record(answer).id);
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
