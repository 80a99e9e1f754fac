import { optionalField, shapeRuleId } from '../expect.js';
import { RuleFailure } from '../outcomes.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/**
 * Every answer the run received has the fields and types of §2 (the SDK's schemas), said once per
 * operation and field: the probe writes what breaks them into the ledger instead of failing the
 * rule that asked, so the behaviour rules go on with what they can read. Runs last, after reading
 * each read operation once itself.
 */
export const answerShapes: ConformanceRule = {
  id: shapeRuleId,
  title: 'Every answer of the run has the fields and types of §2, each difference said once per operation and field',
  source: { interface: '§2 Resources and their fields; §7 Errors', decision: `the schemas of @medsched/sdk; ${apiReferenceSection('Errors')}` },
  writes: false,
  async run({ probe, fixtures, ledger }) {
    // The reads of this rule only feed the ledger; their statuses are other rules' business.
    const organization = await fixtures.organization().catch(() => undefined);
    if (organization !== undefined) {
      await probe.send({ method: 'GET', path: `/organizations/${organization}`, operation: 'organizations.get' });
      await probe.send({ method: 'GET', path: '/users/', query: { organization, limit: 20 }, operation: 'users.list' });
    }
    await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 20 }, operation: 'calendars.list' });
    const entry = await fixtures.ownEntry().catch(() => undefined);
    const id = entry && optionalField(entry, 'id', 'string');
    if (entry && id !== undefined) {
      await probe.send({ method: 'GET', path: `/calendars/${id}`, operation: 'calendars.get' });
      const patient = optionalField(entry, 'userId', 'string');
      const date = optionalField(entry, 'date', 'string');
      if (patient !== undefined && date !== undefined) await probe.send({ method: 'GET', path: '/calendars/bake', query: { patient, from: date, to: date }, operation: 'bake.get' });
      const medication = optionalField(entry, 'medication', 'string');
      // An entry may name a medication by a catalogue code instead of an id: only an object id is read.
      if (medication !== undefined && /^[0-9a-f]{24}$/.test(medication)) await probe.send({ method: 'GET', path: `/medications/${medication}`, operation: 'medications.get' });
    }
    const device = await fixtures.device('primary').catch(() => undefined);
    if (device !== undefined) await probe.send({ method: 'GET', path: `/devices/events/${device.id}`, operation: 'devices.events' });
    const violations = ledger.all();
    if (violations.length === 0) return;
    const lines = violations.map(
      (violation) =>
        `${violation.operation} (${violation.contract}) ${violation.field}: ${violation.message} — first in ${violation.firstSeen}${violation.answers > 1 ? `, in ${violation.answers} answers` : ''}`,
    );
    throw new RuleFailure(`${violations.length} difference${violations.length > 1 ? 's' : ''} from the contract: ${lines.join('; ')}`);
  },
};
