import { createClient } from '@medsched/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/support/run-cli.js';
import { useSignedInCli } from '../../../test/support/cli-server.js';
import { demoUser } from '../../../test/support/test-server.js';

// The summary against a real reference server: generated series, baked, summed by the CLI, and
// compared with the baked intakes the server holds.
const admin = demoUser(0, 'admin');
const nurse = demoUser(0, 'user');
const from = '2027-03-01';
const to = '2027-03-07';

const cli = useSignedInCli(nurse);

/** A series as a prescription makes it: how often, when, how much (in quarters of a tablet). */
const series = fc.record({
  rrule: fc.constantFrom('FREQ=DAILY', 'FREQ=DAILY;INTERVAL=2', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'FREQ=WEEKLY;BYDAY=MO,WE,FR'),
  time: fc.constantFrom('07:00', '08:00', '12:00', '18:00', '20:00'),
  quarters: fc.integer({ min: 1, max: 12 }),
  medication: fc.constantFrom(0, 1),
  start: fc.constantFrom('2027-02-27', '2027-03-01', '2027-03-03'),
});

describe('bake show --summary on a real server', () => {
  it('for generated series in halves and quarters, the totals equal the sum of the baked intakes', async () => {
    const client = createClient({ baseUrl: cli.server.url, apiKey: admin.apiKey });
    const medications = await Promise.all(['Metformin 500 mg', 'Metformin 850 mg'].map((name) => client.medications.create({ name })));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(series, { minLength: 1, maxLength: 3 }), async (prescriptions) => {
        // A fresh resident per run: nothing leaks from one run into the next.
        const patient = await client.users.create({ organization: admin.organizationId, name: `Jürgen Müller ${++run}`, role: 'patient', timezone: 'Europe/Berlin' });
        for (const item of prescriptions) {
          const medication = medications[item.medication];
          await client.calendars.create({
            patient: patient.id,
            name: medication?.name ?? '',
            date: item.start,
            intakeTime: item.time,
            rrule: item.rrule,
            medication: medication?.id,
            amount: item.quarters / 4,
            unit: 'tablet',
          });
        }
        const bake = await runCli(['bake', '--patient', patient.id, '--from', from, '--to', to, '--yes'], cli.env);
        expect(bake.code, bake.stderr).toBe(0);
        const summary = await runCli(['bake', 'show', '--patient', patient.id, '--from', from, '--to', to, '--summary', '--json'], cli.env);
        expect(summary.code, summary.stderr).toBe(0);
        const document = JSON.parse(summary.stdout) as { patients: { medications: { medication: string; total: number; byDay: { date: string; amount: number }[] }[] }[] };
        const baked = (await client.calendars.bake.get({ patient: patient.id, from, to })).data;
        const names = new Map(medications.map((medication) => [medication.id, medication.name]));
        const expected = new Map<string, number>();
        const expectedByDay = new Map<string, number>();
        for (const entry of baked) {
          const name = names.get(entry.medication as string) ?? '';
          expected.set(name, (expected.get(name) ?? 0) + Math.round((entry.amount ?? 0) * 4));
          expectedByDay.set(`${name}|${entry.date}`, (expectedByDay.get(`${name}|${entry.date}`) ?? 0) + Math.round((entry.amount ?? 0) * 4));
        }
        const medicationsSummed = document.patients[0]?.medications ?? [];
        expect(new Map(medicationsSummed.map((total) => [total.medication, total.total * 4]))).toEqual(expected);
        for (const total of medicationsSummed) for (const day of total.byDay) expect(day.amount * 4).toBe(expectedByDay.get(`${total.medication}|${day.date}`) ?? 0);
      }),
      { numRuns: 4 },
    );
  }, 240_000);

  it('junk in --organization is refused with an exit code and a message, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !text.startsWith('-')),
        async (junk) => {
          const result = await runCli(['bake', 'show', '--all-patients', '--organization', junk, '--from', from, '--summary'], cli.env);
          expect([2, 4, 5], result.stderr).toContain(result.code);
          expect(result.stdout).toBe('');
          expect(result.stderr).not.toMatch(/\n\s+at /);
        },
      ),
      { numRuns: 6 },
    );
  });
});
