import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

// What a test hands the mock (factory input, respond bodies) is fuzzed: every wrong input is
// refused with an error that names what is wrong, before anything is stored or installed.
describe('inputs a test gives the mock, fuzzed', () => {
  const mock = useMockApi();
  const knownUserFields = new Set(['id', 'organization', 'name', 'email', 'role', 'category', 'timezone', 'meta', 'apps', 'accountId', 'createdAt', 'updatedAt']);
  const unknownKey = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !knownUserFields.has(key) && key !== '__proto__' && !/[^\x20-\x7e]/.test(key));

  it('factories refuse any unknown key, naming it, and store nothing', async () => {
    await fc.assert(
      fc.asyncProperty(unknownKey, fc.jsonValue(), async (key, value) => {
        const before = mock.db.users.size;
        const input = { name: 'Fuzzed', [key]: value } as Record<string, unknown>;
        await expect(mock.seed.patient(input)).rejects.toThrow(new RegExp(`unknown field "${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
        expect(mock.db.users.size).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  it('respond() accepts a body only when it fits the contract, and names a field otherwise', async () => {
    const [stored] = (await mock.as('user').client.calendars.list({ limit: 1 })).items;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('name', 'amount', 'date', 'intakeTime', 'baked', 'patient'), fc.jsonValue()), (changes) => {
        const body = { ...stored!, ...changes };
        let outcome: 'accepted' | Error;
        try {
          mock.respond('GET /calendars/:id', body, { once: true });
          outcome = 'accepted';
        } catch (error) {
          outcome = error as Error;
        }
        if (outcome === 'accepted') return;
        expect(outcome).toBeInstanceOf(TypeError);
        expect(outcome.message).toMatch(/^mock\.respond\("GET \/calendars\/:id"\): the body does not fit the response of calendars\.get: (name|amount|date|intakeTime|baked|patient)\b/);
      }),
      { numRuns: 200 },
    );
  });

  it('calendar entry seeds: any rrule is stored only when the API would accept it at create, else refused naming rrule', async () => {
    const patient = mock.as('patient').credential.userId;
    const { client } = mock.as('user');
    const rule = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc
        .tuple(fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'MINUTELY', 'HOURLY', 'YEARLY', 'X'), fc.constantFrom('', ';INTERVAL=2', ';BYDAY=MO', ';COUNT=0', ';BYHOUR=25'))
        .map(([freq, rest]) => `FREQ=${freq}${rest}`),
    );
    await fc.assert(
      fc.asyncProperty(rule, async (rrule) => {
        const seeded: 'stored' | Error = await mock.seed.calendarEntry({ patient, rrule }).then(
          () => 'stored' as const,
          (error: Error) => error,
        );
        const created = await client.calendars.create({ patient, name: 'Fuzzed', date: '2026-05-04', rrule }).then(
          () => 'stored',
          () => 'refused',
        );
        if (seeded === 'stored') {
          expect(created).toBe('stored');
        } else if (seeded instanceof Error) {
          expect(seeded).toBeInstanceOf(TypeError);
          expect(seeded.message).toMatch(/^mock\.seed\.calendarEntry: (rrule: |the record does not fit the model: rrule)/);
          // Refused by the API's own rule check: the API refuses it too.
          if (seeded.message.includes('refuses this rule at create')) expect(created).toBe('refused');
        }
      }),
      { numRuns: 60 },
    );
  });

  it("patient seeds: any timezone is stored only when it is an IANA zone (the API's check), and a calendar entry on it is on its today", async () => {
    const zone = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('Europe/Berlin', 'America/New_York', 'UTC', 'Mars/Base', 'Europe/', '+01:00', 'Etc/GMT-14'));
    await fc.assert(
      fc.asyncProperty(zone, async (timezone) => {
        const seeded = await mock.seed.patient({ timezone }).then(
          (patient) => patient,
          (error: Error) => error,
        );
        if (seeded instanceof Error) {
          expect(seeded).toBeInstanceOf(TypeError);
          expect(seeded.message).toMatch(/^mock\.seed\.patient: timezone: .*\(the API refuses this at create\)$/);
          return;
        }
        const entry = await mock.seed.calendarEntry({ patient: seeded.id });
        expect(entry.date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(entry.createdAt)));
      }),
      { numRuns: 60 },
    );
  });
});
