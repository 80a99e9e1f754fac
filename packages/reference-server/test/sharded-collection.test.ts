/**
 * Tables keep their records in @msw/data collections of at most `shardSize` records, so that
 * an update or delete (which @msw/data finds by a linear scan) costs the same at any size.
 * Property: over random creates, updates and deletes across many shards, the table holds
 * exactly what a plain Map model holds, reads by id and group agree, and no shard overflows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import type { MedicationRecord } from '../src/db/models.js';
import { shardSize } from '../src/db/sharded-collection.js';

const organizations = ['64d001000000000000000001', '64d001000000000000000002'];
const stamp = '2026-01-01T00:00:00.000Z';

describe('sharded tables', () => {
  it('agree with a Map model over random writes across many shards', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('create', 'create', 'update', 'delete'), fc.nat(), fc.constantFrom(...organizations)), { minLength: 400, maxLength: 800 }), async (steps) => {
        const { medications } = createDatabase();
        const model = new Map<string, MedicationRecord>();
        let counter = 0;
        for (const [kind, at, organization] of steps) {
          const ids = [...model.keys()];
          if (kind === 'create' || ids.length === 0) {
            const id = (counter++).toString(16).padStart(24, '0');
            model.set(id, await medications.create({ id, name: `M ${id}`, organization, meta: {}, date: stamp, createdAt: stamp, updatedAt: stamp }));
          } else if (kind === 'update') {
            const id = ids[at % ids.length]!;
            model.set(
              id,
              await medications.update(medications.get(id)!, (draft) => {
                draft.name = `Renamed ${at}`;
                draft.organization = organization;
              }),
            );
          } else {
            const id = ids[at % ids.length]!;
            medications.delete(medications.get(id)!);
            model.delete(id);
          }
        }
        expect(new Map(medications.all().map((record) => [record.id, record]))).toEqual(model);
        for (const [id, record] of model) expect(medications.get(id)).toEqual(record);
        for (const organization of organizations) {
          expect(
            medications
              .group('organization', organization)
              .map((record) => record.id)
              .sort(),
          ).toEqual(
            [...model.values()]
              .filter((record) => record.organization === organization)
              .map((record) => record.id)
              .sort(),
          );
        }
        for (const collection of medications.collections) expect(collection.all().length).toBeLessThanOrEqual(shardSize);
        expect(medications.collections.length).toBeGreaterThanOrEqual(Math.ceil(model.size / shardSize));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
