import { expectStatus, expectThat, field, record } from '../expect.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/** A baked entry is final: changing it is 409 conflict, and it stays as it was. */
export const bakedEntry: ConformanceRule = {
  id: 'conflicts.baked-entry',
  title: 'PATCH or POST on a baked entry is 409 conflict and changes nothing',
  source: { interface: '§3 States and transitions ("baked means finalized")', decision: `${apiReferenceSection('Errors')} (409) and ${apiReferenceSection('Calendar entries')}` },
  writes: true,
  async run({ probe, fixtures }) {
    const date = '2099-01-05';
    const entry = await fixtures.scratchEntry('medsched conformance conflict', date);
    const patient = await fixtures.scratchPatient();
    const bake = await probe.send({ method: 'POST', path: '/calendars/bake', body: { patient, from: date, to: date }, operation: 'bake.create' });
    expectStatus(bake, 200, 'baking the entry first');
    try {
      const patch = await probe.send({ method: 'PATCH', path: `/calendars/${String(entry.id)}`, body: { amount: 2 } });
      expectStatus(patch, 409, 'a baked entry is final; a change must be refused as a conflict', 'conflict');
      const replace = await probe.send({ method: 'POST', path: `/calendars/${String(entry.id)}`, body: { patient, name: 'medsched conformance replaced', date, amount: 3 } });
      expectStatus(replace, 409, 'a baked entry is final; a replacement must be refused as a conflict', 'conflict');
      const after = await probe.send({ method: 'GET', path: `/calendars/${String(entry.id)}`, operation: 'calendars.get' });
      expectStatus(after, 200, 'the entry is still there');
      const [amount, baked] = [field(after, record(after), 'amount', 'number'), field(after, record(after), 'baked', 'boolean')];
      expectThat(amount === 1 && baked, `${after.line}: after two refused changes the entry has amount ${amount}, baked ${baked}; expected amount 1, baked true`);
    } finally {
      await probe.send({ method: 'DELETE', path: '/calendars/bake', query: { patient, from: date, to: date } });
    }
    const draft = await probe.send({ method: 'PATCH', path: `/calendars/${String(entry.id)}`, body: { amount: 2 }, operation: 'calendars.update' });
    expectStatus(draft, 200, 'after the unbake the entry is a draft again and may change');
  },
};
