import { apiReferenceSection } from '../docs-link.js';
import { expectStatus, expectThat, field, record } from '../expect.js';
import { scratchRange } from '../fixtures.js';
import type { ProbeAnswer } from '../probe.js';
import type { ConformanceRule } from '../rule.js';

/** The service's timestamps count milliseconds: two changes within one could not differ. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

/**
 * Every change moves `updatedAt` ("when the entry last changed", §2): an update, a bake and an
 * unbake of the same entry each leave a later one. A copy that reads what changed since its last
 * run (sorted by updatedAt) never sees a change that leaves it where it was.
 */
export const updatedAtMoves: ConformanceRule = {
  id: 'changes.updated-at',
  title: 'Every change moves updatedAt: an update, a bake and an unbake each leave the entry a later updatedAt',
  source: { interface: '§2 Calendar entry (updatedAt); §3 States and transitions', decision: apiReferenceSection('Keeping a copy') },
  writes: true,
  async run({ probe, fixtures }) {
    const created = await fixtures.scratchEntry('medsched conformance updatedAt');
    const id = String(created.id);
    const patient = await fixtures.scratchPatient();
    const readBack = async () => {
      const answer = await probe.send({ method: 'GET', path: `/calendars/${id}`, operation: 'calendars.get' });
      expectStatus(answer, 200, 'the scratch entry reads back by id');
      return { answer, updatedAt: field(answer, record(answer), 'updatedAt', 'string') };
    };
    const changes: Array<[string, () => Promise<ProbeAnswer>]> = [
      ['update (PATCH amount)', () => probe.send({ method: 'PATCH', path: `/calendars/${id}`, body: { amount: 2 }, operation: 'calendars.update' })],
      ['bake', () => probe.send({ method: 'POST', path: '/calendars/bake', body: { patient, ...scratchRange }, operation: 'bake.create' })],
      ['unbake', () => probe.send({ method: 'DELETE', path: '/calendars/bake', query: { patient, ...scratchRange }, operation: 'bake.delete' })],
    ];
    let before = (await readBack()).updatedAt;
    for (const [change, send] of changes) {
      await tick();
      expectStatus(await send(), 200, `the ${change} of a draft entry of an own patient`);
      const { answer, updatedAt } = await readBack();
      expectThat(
        Date.parse(updatedAt) > Date.parse(before),
        `${answer.line}: entry ${id} reads updatedAt ${updatedAt} after the ${change}, ${updatedAt === before ? 'as' : 'not later than'} before it (${before}); every change must move updatedAt, or a copy that reads what changed since its last run misses it`,
      );
      before = updatedAt;
    }
  },
};
