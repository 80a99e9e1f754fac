import { expectStatus, expectThat, field, records } from '../expect.js';
import type { VisibleDevice } from '../fixtures.js';
import type { ProbeAnswer } from '../probe.js';
import { RuleSkip } from '../outcomes.js';
import type { ConformanceRule, RuleContext } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

interface Event {
  id: string;
  type: string;
  timestamp: string;
  at: number;
}

/** The events of an answer, with the fields the rules read (a field that breaks the contract blocks the rule). */
function eventsOf(answer: ProbeAnswer): Event[] {
  return records(answer).map((item) => {
    const timestamp = field(answer, item, 'timestamp', 'string');
    return { id: field(answer, item, 'id', 'string'), type: field(answer, item, 'type', 'string'), timestamp, at: Date.parse(timestamp) };
  });
}

/** Ascending by timestamp, then id (docs/api-reference.md "Devices and events"). */
function inOrder(before: Event, after: Event): boolean {
  return before.at < after.at || (before.at === after.at && before.id <= after.id);
}

const ids = (events: Event[]) => events.map((event) => event.id).join(', ');

async function deviceWithEvents({ probe, fixtures }: RuleContext, as: 'primary' | 'patient'): Promise<{ device: VisibleDevice; answer: ProbeAnswer; events: Event[] }> {
  const device = await fixtures.device(as);
  if (device === undefined) throw new RuleSkip(`the ${as === 'primary' ? 'main' : 'patient'} credential sees no device (none in the bake results of the patients it lists)`);
  const answer = await probe.send({ as, method: 'GET', path: `/devices/events/${device.id}`, operation: 'devices.events' });
  expectStatus(answer, 200, 'a credential reads the events of a device of its organization (§4 #11)');
  return { device, answer, events: eventsOf(answer) };
}

/** Events come in chronological order and belong to the device asked for. */
export const eventOrder: ConformanceRule = {
  id: 'events.order',
  title: 'GET /devices/events/{id} lists the device’s own events in chronological order',
  source: { interface: '§4 #11 ("in chronological order"); §6 Events', decision: `${apiReferenceSection('Devices and device events')} (ties by id)` },
  writes: false,
  async run(context) {
    for (const as of ['primary', 'patient'] as const) {
      if (!context.probe.has(as)) continue;
      const { device, answer, events } = await deviceWithEvents(context, as);
      for (const item of records(answer)) {
        expectThat(item.deviceId === device.id, `${answer.line}: event ${String(item.id)} belongs to device ${String(item.deviceId)}, not the one asked for`);
      }
      for (let index = 1; index < events.length; index++) {
        const [before, after] = [events[index - 1]!, events[index]!];
        expectThat(
          inOrder(before, after),
          `${answer.line}: event ${after.id} (${after.timestamp}) comes after ${before.id} (${before.timestamp}); expected oldest first, equal times by id (ids ${ids(events)})`,
        );
      }
    }
  },
};

/** `DateStart` inclusive, `DateEnd` exclusive, `TypeFilter` exact: each the same as filtering the whole list. */
export const eventFilters: ConformanceRule = {
  id: 'events.filters',
  title: 'DateStart (inclusive), DateEnd (exclusive) and TypeFilter (exact) give exactly the matching events',
  source: { interface: '§4 #11, rule 2; §6 Events', decision: apiReferenceSection('Devices and device events') },
  writes: false,
  async run(context) {
    const { probe } = context;
    const { device, events } = await deviceWithEvents(context, 'primary');
    if (events.length < 2) throw new RuleSkip(`device ${device.id} has ${events.length} event(s), too few to filter`);
    const sorted = [...events].sort((a, b) => (inOrder(a, b) ? -1 : 1));
    const middle = sorted[Math.floor(sorted.length / 2)]!;
    const expectSame = async (query: Record<string, string>, want: Event[], what: string) => {
      const answer = await probe.send({ method: 'GET', path: `/devices/events/${device.id}`, query, operation: 'devices.events' });
      expectStatus(answer, 200, `events with ${what}`);
      const got = eventsOf(answer);
      const [wantIds, gotIds] = [new Set(want.map((event) => event.id)), new Set(got.map((event) => event.id))];
      const missing = [...wantIds].filter((id) => !gotIds.has(id));
      const extra = got.filter((event) => !wantIds.has(event.id));
      expectThat(
        missing.length === 0 && extra.length === 0,
        `${answer.line}: ${what}: ${missing.length ? `missing ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `holds ${extra.map((event) => `${event.id} (${event.type} at ${event.timestamp})`).join(', ')}` : ''}`,
      );
    };
    await expectSame(
      { DateStart: middle.timestamp },
      events.filter((event) => event.at >= middle.at),
      `DateStart ${middle.timestamp} keeps the events at or after it (inclusive)`,
    );
    await expectSame(
      { DateEnd: middle.timestamp },
      events.filter((event) => event.at < middle.at),
      `DateEnd ${middle.timestamp} keeps the events before it (exclusive)`,
    );
    const type = middle.type;
    await expectSame(
      { TypeFilter: type },
      events.filter((event) => event.type === type),
      `TypeFilter ${type} keeps the events of exactly that type`,
    );
    await expectSame({ TypeFilter: 'medsched-conformance-no-such-type' }, [], 'a TypeFilter no event has gives none (any string is accepted, §4 rule 2)');
  },
};

/** Another organization's device, and another patient's, are 403 without their events. */
export const eventTenancy: ConformanceRule = {
  id: 'events.tenancy',
  title: "Another organization's device events, and another patient's, are 403, never their content",
  source: { interface: '§5 Authentication, items 5-6; §7 Errors (403)', decision: apiReferenceSection('Tenancy and roles') },
  writes: false,
  needs: ['tenancy.credentials'],
  async run({ probe, fixtures }) {
    let checked = 0;
    if (probe.has('otherOrganization')) {
      await fixtures.otherOrganization();
      const foreign = await fixtures.device('otherOrganization');
      if (foreign !== undefined) {
        const read = await probe.send({ method: 'GET', path: `/devices/events/${foreign.id}` });
        expectStatus(read, 403, "a credential must not read another organization's device events (§5.6)", 'forbidden');
        checked++;
      }
    }
    if (probe.has('patient')) {
      const own = await fixtures.device('patient');
      const staffDevice = own === undefined ? undefined : await fixtures.device('primary', own.patient);
      if (staffDevice !== undefined && staffDevice.id !== own?.id) {
        const read = await probe.send({ as: 'patient', method: 'GET', path: `/devices/events/${staffDevice.id}` });
        expectStatus(read, 403, 'a patient reads the events of its own devices only (docs/api-reference.md "Tenancy and roles")', 'forbidden');
        checked++;
      }
    }
    if (checked === 0) throw new RuleSkip("needs another organization's credential or a patient's, and a device the other may not read");
  },
};
