import { createClient } from '@medsched/sdk';
import type { RunningServer } from '@medsched/reference-server/node';
import { demoUser } from './test-server.js';

/** A resident the care home adds to the demo organization, with the series they take. */
export interface Resident {
  id: string;
  name: string;
}

/** The series of a care home's week: daily, twice daily, weekdays, every other day; halves, one and a half, quarters. */
const schedules: { medication: number; time: string; rrule: string; amount: number; unit: string }[][] = [
  [
    { medication: 0, time: '08:00', rrule: 'FREQ=DAILY', amount: 0.5, unit: 'tablet' },
    { medication: 0, time: '20:00', rrule: 'FREQ=DAILY', amount: 1.5, unit: 'tablet' },
  ],
  [{ medication: 1, time: '08:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', amount: 1, unit: 'tablet' }],
  [
    { medication: 2, time: '07:00', rrule: 'FREQ=DAILY;INTERVAL=2', amount: 1.5, unit: 'tablet' },
    { medication: 0, time: '12:00', rrule: 'FREQ=DAILY', amount: 0.25, unit: 'tablet' },
  ],
  [
    { medication: 1, time: '18:00', rrule: 'FREQ=DAILY', amount: 0.5, unit: 'tablet' },
    { medication: 2, time: '08:00', rrule: 'FREQ=DAILY', amount: 0.75, unit: 'tablet' },
  ],
];

/** Residents with the names that break naive code: umlauts, Polish, Scandinavian and Vietnamese letters. */
export const residentNames = ['Jürgen Müller', 'Łukasz Żółć', 'Åse Ødegård', 'Nguyễn Văn An', 'Zoë Ångström'];

/** The last resident takes nothing: a home-wide read must name him as left out. */
export const residentWithoutIntakes = 'Zoë Ångström';

/**
 * Makes the demo organization Sonnen-Apotheke a care home of 9 residents (its 4 demo patients
 * and 5 added ones), through the SDK over HTTP as any client would: medications whose names
 * carry strengths (two strengths of one drug), and series from `schedules` starting on `start`.
 */
export async function seedCareHome(server: RunningServer, start: string): Promise<{ residents: Resident[]; medications: string[] }> {
  const admin = demoUser(0, 'admin');
  const client = createClient({ baseUrl: server.url, apiKey: admin.apiKey });
  const medicationNames = ['Metformin 500 mg', 'Metformin 1000 mg', 'L-Thyroxin 75 µg'];
  const medications = await Promise.all(medicationNames.map((name) => client.medications.create({ name })));
  const residents: Resident[] = [];
  for (const [index, name] of residentNames.entries()) {
    const user = await client.users.create({ organization: admin.organizationId, name, role: 'patient', timezone: 'Europe/Berlin' });
    residents.push({ id: user.id, name });
    if (name === residentWithoutIntakes) continue;
    for (const series of schedules[index % schedules.length] ?? []) {
      const medication = medications[series.medication];
      await client.calendars.create({
        patient: user.id,
        name: `${medication?.name}`,
        date: start,
        intakeTime: series.time,
        rrule: series.rrule,
        medication: medication?.id,
        amount: series.amount,
        unit: series.unit,
      });
    }
  }
  return { residents, medications: medicationNames };
}
