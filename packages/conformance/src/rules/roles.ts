import { expectStatus, expectThat, records } from '../expect.js';
import { RuleSkip } from '../outcomes.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/** A patient sees only its own entries and not the organization's users. */
export const patientScope: ConformanceRule = {
  id: 'roles.patient-scope',
  title: 'A patient reads only its own entries, not the user directory',
  source: { interface: '§5 Authentication, item 5', decision: apiReferenceSection('Tenancy and roles') },
  writes: false,
  async run({ probe }) {
    if (!probe.has('patient')) throw new RuleSkip('needs a patient credential (--patient-profile)');
    const list = await probe.send({ as: 'patient', method: 'GET', path: '/calendars/', query: { limit: 100 }, operation: 'calendars.list' });
    expectStatus(list, 200, 'a patient lists its own calendar entries');
    const entries = records(list);
    const patients = new Set(entries.map((entry) => entry.userId));
    expectThat(patients.size <= 1, `${list.line}: a patient's list holds entries of ${patients.size} patients (${[...patients].slice(0, 3).join(', ')}…); only its own are allowed`);
    const organization = entries[0]?.organization;
    if (typeof organization !== 'string') return;
    const users = await probe.send({ as: 'patient', method: 'GET', path: '/users/', query: { organization, limit: 1 } });
    expectStatus(users, 403, "a patient may not list its organization's users", 'forbidden');
  },
};

/** Staff read the directory of their organization. */
export const staffDirectory: ConformanceRule = {
  id: 'roles.staff-directory',
  title: "Staff list their organization's users",
  source: { interface: '§4 #19; §5 Authentication, item 5' },
  writes: false,
  async run({ probe, fixtures }) {
    const organization = await fixtures.organization();
    const users = await probe.send({ method: 'GET', path: '/users/', query: { organization, limit: 5 }, operation: 'users.list' });
    expectStatus(users, 200, 'staff list the users of their organization (the main credential must be staff or admin)');
  },
};

/** A patient writes nothing but its own account. */
export const patientWrites: ConformanceRule = {
  id: 'roles.patient-writes',
  title: 'A patient may not create medications, users or entries, nor update its organization',
  source: { interface: '§5 Authentication, item 5', decision: apiReferenceSection('Tenancy and roles') },
  writes: true,
  async run({ probe, fixtures }) {
    if (!probe.has('patient')) throw new RuleSkip('needs a patient credential (--patient-profile)');
    const organization = await fixtures.organization();
    const medication = await probe.send({ as: 'patient', method: 'POST', path: '/medications/', body: { name: 'medsched conformance (must be refused)', organization } });
    expectStatus(medication, 403, 'patients read, they do not write medications', 'forbidden');
    const user = await probe.send({ as: 'patient', method: 'POST', path: '/users/', body: { organization, name: 'medsched conformance (must be refused)', role: 'patient' } });
    // Role patient, the least one: should a deployment wrongly accept it, no new power exists.
    expectStatus(user, 403, 'patients create no users', 'forbidden');
    // No field changes: should a deployment wrongly accept it, the organization stays as it was.
    const organizationUpdate = await probe.send({ as: 'patient', method: 'PATCH', path: `/organizations/${organization}`, body: { organization } });
    expectStatus(organizationUpdate, 403, 'only admins update their organization', 'forbidden');
    const own = await fixtures.visibleEntry('patient');
    if (own === undefined) return;
    const entry = await probe.send({ as: 'patient', method: 'POST', path: '/calendars/', body: { patient: own.userId, name: 'medsched conformance (must be refused)', date: '2099-01-04' } });
    expectStatus(entry, 403, 'patients do not write their own schedule', 'forbidden');
  },
};
