import { createDatabase, exportRecords, seedDatabase } from '@medsched/reference-server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

/** The demo scenario as a fresh seed stores it: every table, every field, in storage order. */
async function freshDemo() {
  const db = createDatabase();
  await seedDatabase(db, 'demo');
  return structuredClone(exportRecords(db));
}

const demoEntry = '64d005000000000000000001';
const demoMedication = '64d003000000000000000001';

type Step = { kind: 'rename-entry' | 'create-entry' | 'rename-medication' | 'delete-medication' | 'seed-and-delete' | 'api-read' | 'bake'; n: number };

describe('reset() brings back exactly the scenario, whatever the test wrote', () => {
  const mock = useMockApi();

  it('after any mix of updates, creates, deletes and API calls (fast-check)', { timeout: 60_000 }, async () => {
    const expected = await freshDemo();
    const step = fc.record({
      kind: fc.constantFrom<Step['kind']>('rename-entry', 'create-entry', 'rename-medication', 'delete-medication', 'seed-and-delete', 'api-read', 'bake'),
      n: fc.nat({ max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        const { client } = mock.as('admin');
        // A step may fail (renaming a deleted medication): the reset after it is what is checked.
        const tolerate = (call: Promise<unknown>) => call.catch(() => undefined);
        for (const { kind, n } of steps) {
          if (kind === 'rename-entry') await tolerate(client.calendars.update(demoEntry, { name: `Renamed ${n}` }));
          if (kind === 'create-entry') await mock.seed.calendarEntry({ name: `Created ${n}` });
          if (kind === 'rename-medication') await tolerate(client.medications.update(demoMedication, { name: `Medication ${n}` }));
          if (kind === 'delete-medication') await tolerate(client.medications.delete(demoMedication));
          if (kind === 'seed-and-delete') mock.db.devices.delete(await mock.seed.device({ name: `Gone ${n}` }));
          if (kind === 'api-read') await tolerate(client.calendars.list({ limit: 2 }));
          if (kind === 'bake') await tolerate(client.calendars.bake.create({ patient: mock.as('patient').credential.userId, from: '2026-01-01', to: '2026-12-31' }));
        }
        await mock.reset();
        expect(structuredClone(exportRecords(mock.reference.db))).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('forgets idempotent answers and the rate limit of the test before', async () => {
    const { client } = mock.as('user');
    const patient = mock.as('patient').credential.userId;
    const first = await client.calendars.create({ patient, name: 'Once', date: '2026-03-01' }, { idempotencyKey: 'same-key-every-test' });
    mock.rateLimit(1);
    await mock.reset();
    const again = await client.calendars.create({ patient, name: 'Once', date: '2026-03-01' }, { idempotencyKey: 'same-key-every-test' });
    expect(again.id).not.toBe(first.id);
    expect(mock.db.calendarEntries.get(again.id)).toBeDefined();
    await expect(client.calendars.list({ limit: 1 })).resolves.toMatchObject({ total: 13 });
  });
});
