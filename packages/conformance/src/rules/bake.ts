import { expectFieldNamed, expectStatus, expectThat, field, record, records, recordsIn } from '../expect.js';
import { scratchRange } from '../fixtures.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/** Bake, read (range and by id) and unbake a range of a scratch patient: the states of §3. */
export const roundTrip: ConformanceRule = {
  id: 'bake.round-trip',
  title: 'Bake finalizes a range once, GET reads it (range and by id), DELETE returns the entries to draft',
  source: { interface: '§3 States and transitions; §4 #2-#4, #7', decision: apiReferenceSection('Baking (`/calendars/bake`)') },
  writes: true,
  async run({ probe, fixtures }) {
    const created = await fixtures.scratchEntry('medsched conformance bake');
    const scratch = await probe.send({ method: 'GET', path: `/calendars/${String(created.id)}`, operation: 'calendars.get' });
    expectStatus(scratch, 200, 'a new entry reads back by id');
    const id = field(scratch, record(scratch), 'id', 'string');
    expectThat(field(scratch, record(scratch), 'baked', 'boolean') === false, `${scratch.line}: a new entry is a draft (baked false), it reads baked true`);
    const patient = await fixtures.scratchPatient();
    const bake = await probe.send({ method: 'POST', path: '/calendars/bake', body: { patient, ...scratchRange }, operation: 'bake.create' });
    expectStatus(bake, 200, 'baking a range of an own patient');
    const baked = recordsIn(record(bake).data);
    const mine = baked.find((candidate) => candidate.id === id);
    expectThat(mine !== undefined, `${bake.line}: entry ${id} is missing from data; it is dated ${scratchRange.from}, inside ${scratchRange.from}..${scratchRange.to}`);
    expectThat(field(bake, mine, 'baked', 'boolean'), `${bake.line}: entry ${id} is baked false in the bake's data`);
    const byId = await probe.send({ method: 'GET', path: `/calendars/${id}`, operation: 'calendars.get' });
    expectStatus(byId, 200, 'a baked entry reads back by id');
    expectThat(field(byId, record(byId), 'baked', 'boolean'), `${byId.line}: entry ${id} reads baked false after the bake answered it baked: the bake does not show`);
    const again = await probe.send({ method: 'POST', path: '/calendars/bake', body: { patient, ...scratchRange }, operation: 'bake.create' });
    expectStatus(again, 200, 'baking the same range again');
    const againCount = recordsIn(record(again).data).length;
    expectThat(againCount === baked.length, `${again.line}: baking the same range twice gives ${againCount} entries, the first bake ${baked.length}; a second bake must create no duplicates`);
    const read = await probe.send({ method: 'GET', path: '/calendars/bake', query: { patient, ...scratchRange }, operation: 'bake.get' });
    expectStatus(read, 200, 'reading the baked range');
    expectThat(
      recordsIn(record(read).data).some((candidate) => candidate.id === id && candidate.baked === true),
      `${read.line}: the baked entry ${id} is not in data`,
    );
    const unbake = await probe.send({ method: 'DELETE', path: '/calendars/bake', query: { patient, ...scratchRange }, operation: 'bake.delete' });
    expectStatus(unbake, 200, 'unbaking the range');
    const reverted = records(unbake).find((candidate) => candidate.id === id);
    expectThat(reverted !== undefined, `${unbake.line}: entry ${id} is missing from the answer; DELETE returns the reverted entries with baked false`);
    expectThat(!field(unbake, reverted, 'baked', 'boolean'), `${unbake.line}: entry ${id} is baked true in the answer; DELETE returns the reverted entries with baked false`);
    const after = await probe.send({ method: 'GET', path: `/calendars/${id}`, operation: 'calendars.get' });
    expectStatus(after, 200, 'the entry is still there');
    expectThat(!field(after, record(after), 'baked', 'boolean'), `${after.line}: entry ${id} reads baked true after the unbake answered it reverted`);
  },
};

/** Ranges: from after to, or over a year, are 400 naming the field. */
export const rangeValidation: ConformanceRule = {
  id: 'bake.range-validation',
  title: 'A bake range with to before from, or longer than 366 days, is 400',
  source: { interface: '§4 #2-#4, rule 5 ("not shown")', decision: apiReferenceSection('Baking (`/calendars/bake`)') },
  writes: false,
  async run({ probe, fixtures }) {
    const patient = await fixtures.visiblePatient();
    const reversed = await probe.send({ method: 'GET', path: '/calendars/bake', query: { patient, from: '2026-02-01', to: '2026-01-01' } });
    expectStatus(reversed, 400, 'to before from is bad input', 'validation_failed');
    expectFieldNamed(reversed, 'to');
    const long = await probe.send({ method: 'GET', path: '/calendars/bake', query: { patient, from: '2026-01-01', to: '2027-06-01' } });
    expectStatus(long, 400, 'a range longer than 366 days is bad input', 'validation_failed');
    const missing = await probe.send({ method: 'GET', path: '/calendars/bake', query: { patient } });
    expectStatus(missing, 400, 'from and to are required (§4 #2)', 'validation_failed');
  },
};
