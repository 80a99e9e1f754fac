import { expectStatus, expectThat, record } from '../expect.js';
import { scratchRange } from '../fixtures.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/** A create with an Idempotency-Key is done once; the key with another body is refused. */
export const createReplay: ConformanceRule = {
  id: 'idempotency.create-replay',
  title: 'A create repeated with its Idempotency-Key answers the first result; another body with that key is 422',
  source: { interface: '§4 #6 (create)', decision: apiReferenceSection('Idempotency keys') },
  writes: true,
  async run({ probe, fixtures }) {
    const patient = await fixtures.scratchPatient();
    const key = `medsched-conformance-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const body = { patient, name: 'medsched conformance idempotent', date: scratchRange.to, intakeTime: '09:00' };
    const first = await probe.send({ method: 'POST', path: '/calendars/', body, headers: { 'idempotency-key': key }, operation: 'calendars.create' });
    expectStatus(first, 201, 'a create');
    const second = await probe.send({ method: 'POST', path: '/calendars/', body, headers: { 'idempotency-key': key }, operation: 'calendars.create' });
    expectStatus(second, 201, 'a replay answers the first status');
    expectThat(
      record(second).id === record(first).id,
      `${second.line}: the replay created entry ${String(record(second).id)}; the first call created ${String(record(first).id)} (one create per key)`,
    );
    expectThat(
      second.headers.get('idempotent-replayed') === 'true',
      `${second.line}: a replay should say Idempotent-Replayed: true, it says ${second.headers.get('idempotent-replayed') ?? 'nothing'}`,
    );
    const other = await probe.send({ method: 'POST', path: '/calendars/', body: { ...body, name: 'medsched conformance other body' }, headers: { 'idempotency-key': key } });
    expectStatus(other, 422, 'a key reused with another body is refused, not replayed or run', 'idempotency_key_reused');
  },
};
