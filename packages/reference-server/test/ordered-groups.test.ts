/**
 * Issue 18, work proportional to the answer: `GET /calendars/` pages through sorted lists per
 * organization and patient (db/ordered-groups.ts) kept in step with every write. Property:
 * over random creates, updates (fields that move an entry in every order, and between
 * patients), deletes and lists interleaved, every list equals a full scan that converts,
 * filters, sorts and slices the whole group, as the server did before.
 */
import fc from 'fast-check';
import { calendarSortFields, userSortFields, type CalendarEntry, type CalendarListQuery, type UserListQuery } from '@medsched/sdk/schemas';
import { listUsers, toUser } from '../src/domain/directory/users.js';
import { describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.js';
import type { Caller } from '../src/domain/access/caller.js';
import { toCalendarEntry } from '../src/domain/calendars/calendar-mapping.js';
import { listCalendarEntries } from '../src/domain/calendars/calendars.js';
import type { OperationContext } from '../src/domain/operation/context.js';
import { defaultOperationLimits } from '../src/domain/operation/limits.js';
import { containsIgnoringCase, sortRecords } from '../src/domain/operation/list-filters.js';
import { paginate } from '../src/domain/operation/pagination.js';
import { seedDatabase } from '../src/seed/index.js';
import { org1, org2 } from './support/demo.js';

const patients = [org1.patient.userId, org1.patient2.userId, org1.onlyself.userId, org2.patient.userId];
const organizationOf = (patient: string) => (patient === org2.patient.userId ? org2.id : org1.id);

/** The list as the server computed it before the sorted lists: the whole group, converted and sorted. */
function fullScan(db: Database, query: CalendarListQuery) {
  const group = query.patient === undefined ? db.calendarEntries.group('organization', org1.id) : db.calendarEntries.group('patient', query.patient);
  const entries: CalendarEntry[] = [];
  for (const record of group) {
    if (query.role !== undefined && db.users.get(record.patient)?.role !== query.role) continue;
    const entry = toCalendarEntry(record);
    if (query.name !== undefined && !containsIgnoringCase(entry.title, query.name)) continue;
    if (query.search !== undefined && !containsIgnoringCase(entry.title, query.search) && !containsIgnoringCase(entry.description, query.search)) continue;
    entries.push(entry);
  }
  sortRecords(entries, query.sortBy, (entry, field) => (entry as Record<string, unknown>)[field]);
  return paginate(entries, query);
}

const fields = fc.record(
  {
    patient: fc.constantFrom(...patients),
    name: fc.constantFrom('Aspirin', 'aspirin 100', 'Metformin', '', 'Zinc'),
    instruction: fc.constantFrom('with water', 'after food', ''),
    date: fc.constantFrom('2026-01-01', '2026-01-02', '2026-02-01'),
    intakeTime: fc.constantFrom('08:00', '12:30', '21:00'),
    timeCategory: fc.constantFrom('morning', 'night', 'teatime'),
    baked: fc.boolean(),
    // Few distinct times, so that ties are common and the id tie-break is exercised.
    createdAt: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
    updatedAt: fc.constantFrom('2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z', '2026-01-05T00:00:00.000Z'),
  },
  { requiredKeys: ['patient', 'date', 'baked', 'createdAt', 'updatedAt'] },
);

const sortKey = fc.tuple(fc.constantFrom(...calendarSortFields), fc.constantFrom('', ':asc', ':desc')).map(([field, direction]) => field + direction);
/** Mostly absent, so that most lists are unfiltered and show the whole order. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });
const query = fc.record({
  patient: fc.oneof(fc.constant(undefined), fc.constantFrom(org1.patient.userId, org1.patient2.userId, org1.onlyself.userId)),
  sortBy: fc.oneof(
    fc.constant(undefined),
    fc.array(sortKey, { minLength: 1, maxLength: 3 }).map((keys) => keys.join(',')),
  ),
  limit: fc.integer({ min: 1, max: 12 }),
  offset: fc.integer({ min: 0, max: 30 }),
  name: sometimes(fc.constantFrom('asp', 'ZINC', '')),
  search: sometimes(fc.constantFrom('water', 'met')),
  role: sometimes(fc.constantFrom('patient', 'onlyself')),
}) as fc.Arbitrary<CalendarListQuery>;

const command = fc.oneof(
  { arbitrary: fields.map((values) => ({ kind: 'create' as const, values })), weight: 4 },
  { arbitrary: fc.tuple(fc.nat(), fields).map(([at, values]) => ({ kind: 'update' as const, at, values })), weight: 2 },
  { arbitrary: fc.nat().map((at) => ({ kind: 'delete' as const, at })), weight: 1 },
  { arbitrary: query.map((q) => ({ kind: 'list' as const, query: q })), weight: 3 },
);

describe('calendar lists from sorted lists', () => {
  it('equal a full scan over random writes and queries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 60 }), async (commands) => {
        const db = createDatabase();
        await seedDatabase(db, 'demo');
        const admin = db.users.get(org1.admin.userId)!;
        const ctx = {
          db,
          caller: { user: admin, role: 'admin', organizationId: org1.id, account: db.accounts.get(admin.accountId!)!, credential: { kind: 'api-key', keyId: 'k' } } as Caller,
          now: () => new Date(),
          newId: () => '',
          origin: 'http://127.0.0.1',
          pdfLinks: undefined as never,
          limits: defaultOperationLimits,
        } satisfies OperationContext;
        let counter = 0;
        const ids = () => db.calendarEntries.all().map((record) => record.id);
        for (const step of commands) {
          if (step.kind === 'create') {
            const id = `ee${(counter++).toString(16).padStart(22, '0')}`;
            await db.calendarEntries.create({ ...step.values, id, organization: organizationOf(step.values.patient), seriesId: null });
          } else if (step.kind === 'update' || step.kind === 'delete') {
            const all = ids();
            if (all.length === 0) continue;
            const record = db.calendarEntries.get(all[step.at % all.length]!)!;
            if (step.kind === 'delete') db.calendarEntries.delete(record);
            else {
              await db.calendarEntries.update(record, (draft) => {
                for (const key of ['name', 'instruction', 'intakeTime', 'timeCategory']) delete (draft as Record<string, unknown>)[key];
                Object.assign(draft, step.values, { organization: organizationOf(step.values.patient) });
              });
            }
          } else {
            for (const q of [step.query, { ...step.query, patient: undefined }, { limit: 100 }]) {
              const fromIndex = await listCalendarEntries(ctx, q);
              const scanned = fullScan(db, q);
              expect(fromIndex.total).toBe(scanned.total);
              expect(fromIndex.items.map((entry) => entry.id)).toEqual(scanned.items.map((entry) => entry.id));
              expect(fromIndex.items).toEqual(scanned.items);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('of users equal a full scan over random writes and queries', async () => {
    const userFields = fc.record({
      name: fc.constantFrom('Anna', 'anna b', 'Zoe', ''),
      email: fc.constantFrom('a@x.example', 'z@x.example', null),
      role: fc.constantFrom('patient', 'user', 'onlyself'),
      createdAt: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
      updatedAt: fc.constantFrom('2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z'),
    });
    const userQuery = fc.record({
      sortBy: fc.oneof(
        fc.constant(undefined),
        fc
          .array(
            fc.tuple(fc.constantFrom(...userSortFields), fc.constantFrom('', ':desc')).map(([f, d]) => f + d),
            { minLength: 1, maxLength: 2 },
          )
          .map((keys) => keys.join(',')),
      ),
      limit: fc.integer({ min: 1, max: 8 }),
      offset: fc.integer({ min: 0, max: 12 }),
      name: sometimes(fc.constantFrom('ann', 'ZO')),
      role: sometimes(fc.constantFrom('patient', 'user')),
      search: sometimes(fc.constantFrom('x.example', 'zoe')),
    });
    const step = fc.oneof(
      { arbitrary: userFields.map((values) => ({ kind: 'create' as const, values })), weight: 3 },
      { arbitrary: fc.tuple(fc.nat(), userFields).map(([at, values]) => ({ kind: 'update' as const, at, values })), weight: 2 },
      { arbitrary: fc.nat().map((at) => ({ kind: 'delete' as const, at })), weight: 1 },
      { arbitrary: userQuery.map((query) => ({ kind: 'list' as const, query })), weight: 3 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 50 }), async (steps) => {
        const db = createDatabase();
        await seedDatabase(db, 'demo');
        const admin = db.users.get(org1.admin.userId)!;
        const ctx = { db, caller: { user: admin, role: 'admin', organizationId: org1.id, account: undefined as never, credential: { kind: 'api-key', keyId: 'k' } } as Caller } as OperationContext;
        let counter = 0;
        for (const command of steps) {
          const mine = db.users.group('organization', org1.id).filter((user) => user.id.startsWith('aa'));
          if (command.kind === 'create') {
            const id = `aa${(counter++).toString(16).padStart(22, '0')}`;
            await db.users.create({ ...command.values, id, organization: org1.id, category: null, timezone: 'UTC', meta: {}, apps: {}, accountId: null });
          } else if (command.kind === 'update' && mine.length > 0) {
            await db.users.update(mine[command.at % mine.length]!, (draft) => void Object.assign(draft, command.values));
          } else if (command.kind === 'delete' && mine.length > 0) {
            db.users.delete(mine[command.at % mine.length]!);
          } else if (command.kind === 'list') {
            const query = { ...command.query, organization: org1.id } as UserListQuery;
            const users = db.users
              .group('organization', org1.id)
              .filter(
                (user) =>
                  (query.role === undefined || user.role === query.role) &&
                  (query.name === undefined || containsIgnoringCase(user.name, query.name)) &&
                  (query.search === undefined || containsIgnoringCase(user.name, query.search) || containsIgnoringCase(user.email, query.search)),
              );
            sortRecords(users, query.sortBy, (user, field) => (user as Record<string, unknown>)[field]);
            const scanned = paginate(users.map(toUser), query);
            const fromIndex = listUsers(ctx, query);
            expect(fromIndex.total).toBe(scanned.total);
            expect(fromIndex.items).toEqual(scanned.items);
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
