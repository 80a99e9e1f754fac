// The SDK in use, against the reference server's demo data (`pnpm start` in the repository root).
//   MEDSCHED_BASE_URL      default http://127.0.0.1:4010/v1
//   MEDSCHED_API_KEY       default the demo staff key of Sonnen-Apotheke
//   MEDSCHED_ORGANIZATION  default that organization's id
import { ConflictError, createClient, MedschedError } from '@medsched/sdk';

const baseUrl = process.env.MEDSCHED_BASE_URL ?? 'http://127.0.0.1:4010/v1';
const apiKey = process.env.MEDSCHED_API_KEY ?? 'msk_demo_sonnen_user';
const organizationId = process.env.MEDSCHED_ORGANIZATION ?? '64d001000000000000000001';

const client = createClient({ baseUrl, apiKey });

/** YYYY-MM-DD of today plus `days`, in UTC. */
const day = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

try {
  const organization = await client.organizations.get(organizationId);
  console.log(`Organization: ${organization.name} (${organization.kind})`);

  // Every patient, across pages.
  const patients = [];
  for await (const user of client.users.iterate({ organization: organizationId, role: 'patient' })) patients.push(user);
  console.log(`Patients: ${patients.map((patient) => patient.name).join(', ')}`);
  const patient = patients[0];

  // One page, with the total.
  const page = await client.calendars.list({ patient: patient.id, limit: 5 });
  console.log(`${patient.name} has ${page.total} calendar entries; first page holds ${page.items.length}`);

  // A recurring entry from tomorrow, every evening. The Idempotency-Key makes the create safe to
  // repeat: run again with the same key, the server answers with the first entry, creating none.
  const seriesBody = {
    patient: patient.id,
    name: 'Vitamin D3 1000 IU',
    date: day(1),
    timeCategory: 'evening',
    rrule: 'FREQ=DAILY',
    amount: 1,
    unit: 'tablet',
  };
  const idempotencyKey = `quickstart-${patient.id}-${day(1)}-${process.pid}`;
  const series = await client.calendars.create(seriesBody, { idempotencyKey });
  console.log(`Created series ${series.id}: ${series.title} at ${series.startTime}, ${series.rrule}`);
  const again = await client.calendars.create(seriesBody, { idempotencyKey }).withResponse();
  console.log(`Same key again: ${again.status}, entry ${again.data.id === series.id ? 'the same' : 'a new one'}, replayed: ${again.headers.get('idempotent-replayed')}`);

  // Bake the next seven days.
  const baked = await client.calendars.bake.create({ patient: patient.id, from: day(1), to: day(7) });
  console.log(`Baked ${baked.data.length} entries; ${baked.alarms.length} alarms on ${baked.iotDevices.length} devices`);
  console.log(`Alarm minutes on the first day: ${JSON.stringify(baked.allAlarms[0] ?? [])}`);

  // Baked entries are final: changing one is a conflict.
  try {
    await client.calendars.update(baked.data[0].id, { amount: 2 });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    console.log(`As expected, a baked entry refuses change: ${error.status} ${error.code} (request ${error.requestId})`);
  }

  // Unbake, leaving the range as drafts again.
  const reverted = await client.calendars.bake.delete({ patient: patient.id, from: day(1), to: day(7) });
  console.log(`Unbaked ${reverted.length} entries`);
} catch (error) {
  if (error instanceof MedschedError) {
    console.error(`medsched: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
