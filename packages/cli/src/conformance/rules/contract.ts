import { expectStatus } from '../expect.js';
import type { ConformanceRule } from '../rule.js';

/** Every resource's answer has the fields and types of §2 (the probe checks each answer against the SDK's schema). */
export const readShapes: ConformanceRule = {
  id: 'contract.read-shapes',
  title: 'Answers of the read operations have the fields and types of §2',
  source: { interface: '§2 Resources and their fields', decision: "the SDK's schemas (packages/sdk/src/schemas)" },
  writes: false,
  async run({ probe, fixtures }) {
    const organization = await fixtures.organization();
    expectStatus(await probe.send({ method: 'GET', path: `/organizations/${organization}`, operation: 'organizations.get' }), 200, 'own organization');
    const list = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 20 }, operation: 'calendars.list' });
    expectStatus(list, 200, 'calendar list');
    const entry = await fixtures.visibleEntry();
    if (entry) {
      expectStatus(await probe.send({ method: 'GET', path: `/calendars/${String(entry.id)}`, operation: 'calendars.get' }), 200, 'one calendar entry');
      expectStatus(await probe.send({ method: 'GET', path: '/calendars/bake', query: { patient: String(entry.userId), from: String(entry.date), to: String(entry.date) }, operation: 'bake.get' }), 200, "a patient's bake result");
      if (typeof entry.medication === 'string') {
        const medication = await probe.send({ method: 'GET', path: `/medications/${entry.medication}`, operation: 'medications.get' });
        // The entry may name a medication by a catalogue code instead of an id: only a found one is checked.
        if (medication.status !== 400 && medication.status !== 404) expectStatus(medication, 200, 'the medication an entry names');
      }
    }
    expectStatus(await probe.send({ method: 'GET', path: '/users/', query: { organization, limit: 20 }, operation: 'users.list' }), 200, 'user list');
  },
};
