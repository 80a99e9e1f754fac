// pnpm bench (after run.mjs), or alone: node bench/bake.mjs
// POST /v1/calendars/bake for a whole organization (updateAllPatients) with N and 10·N patients,
// each with three one-off entries, one daily series and an alarm device, over a 7-day range.
// Only the bake request is timed; every round bakes a fresh server, and the best round counts.
// Baking ten times the patients should take about ten times as long (linear), not a hundred.
import { newObjectId } from '@medsched/reference-server';
import { startServer } from '@medsched/reference-server/node';

const small = Number(process.env.BENCH_BAKE_PATIENTS ?? 20);
const sizes = [small, small * 10];
const rounds = Number(process.env.BENCH_BAKE_ROUNDS ?? 5);
const adminSecret = 'bench-bake-secret';
const range = { from: '2026-03-02', to: '2026-03-08' };
const days = 7;
const entriesPerPatient = 3 + days; // the one-offs and one occurrence of the series per day

/** A server with the demo data plus an organization of `patients` patients, and an admin key for it. */
async function prepare(patients) {
  const server = await startServer({ port: 0, seed: 'demo', adminSecret, onError: (error) => console.error(error) });
  const { db } = server.reference;
  const at = '2026-02-01T00:00:00.000Z';
  const stamps = { createdAt: at, updatedAt: at };
  const organization = newObjectId();
  await db.organizations.create({ id: organization, name: `Bench organization (${patients})`, email: 'bench@bench.example', kind: 'care-home', meta: {}, ...stamps });
  const adminEmail = `admin-${patients}@bench.example`;
  await db.users.create({
    id: newObjectId(),
    organization,
    name: 'Bench Admin',
    email: adminEmail,
    role: 'admin',
    category: 'pharmacist',
    timezone: 'Europe/Berlin',
    meta: {},
    apps: {},
    accountId: null,
    ...stamps,
  });
  for (let p = 0; p < patients; p++) {
    const patient = newObjectId();
    await db.users.create({
      id: patient,
      organization,
      name: `Bench Patient ${p}`,
      email: null,
      role: 'patient',
      category: 'patient',
      timezone: 'Europe/Berlin',
      meta: {},
      apps: {},
      accountId: null,
      ...stamps,
    });
    await db.devices.create({
      id: newObjectId(),
      name: `Bench dispenser ${p}`,
      serialNumber: `BENCH-${p}`,
      organization,
      patient,
      status: 'active',
      alarmEnable: 1,
      kind: 'dispenser',
      ...stamps,
    });
    const entry = (fields) => db.calendarEntries.create({ id: newObjectId(), patient, organization, baked: false, seriesId: null, ...stamps, ...fields });
    await entry({ name: 'Morning', date: '2026-03-02', intakeTime: '07:30' });
    await entry({ name: 'Noon', date: '2026-03-04', timeCategory: 'noon' });
    await entry({ name: 'Night', date: '2026-03-06', intakeTime: '21:45' });
    await entry({ name: 'Daily', date: '2026-03-01', intakeTime: '08:00', rrule: 'FREQ=DAILY', amount: 1, unit: 'tablet' });
  }
  const key = await fetch(`${server.origin}/dev/admin/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret },
    body: JSON.stringify({ email: adminEmail }),
  });
  if (key.status !== 201) throw new Error(`admin key: ${key.status} ${await key.text()}`);
  return { server, organization, apiKey: (await key.json()).apiKey };
}

/** Times one organization-wide bake on a fresh server; checks what it baked. */
async function bakeOnce(patients) {
  const { server, organization, apiKey } = await prepare(patients);
  try {
    const request = { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ organization, updateAllPatients: true, ...range }) };
    const started = performance.now();
    const response = await fetch(`${server.url}/calendars/bake`, request);
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`bake: ${response.status} ${text}`);
    const result = JSON.parse(text);
    if (result.data.length !== patients * entriesPerPatient || result.iotDevices.length !== patients) {
      throw new Error(`bake of ${patients} patients returned ${result.data.length} entries and ${result.iotDevices.length} devices`);
    }
    return elapsed;
  } finally {
    await server.close();
  }
}

console.log(`POST /v1/calendars/bake, organization-wide, ${days} days, ${entriesPerPatient} baked entries per patient; ${rounds} rounds, best counts\n`);
const best = new Map(sizes.map((size) => [size, Infinity]));
await bakeOnce(sizes[0]); // warm-up: JIT, rrule, fonts of nothing
for (let round = 1; round <= rounds; round++) {
  for (const size of sizes) {
    const elapsed = await bakeOnce(size);
    best.set(size, Math.min(best.get(size), elapsed));
    console.log(`round ${round}  ${String(size).padStart(5)} patients  ${elapsed.toFixed(1).padStart(8)} ms`);
  }
}
const [smallBest, largeBest] = sizes.map((size) => best.get(size));
const ratio = largeBest / smallBest;
console.log('');
for (const size of sizes) console.log(`best  ${String(size).padStart(5)} patients  ${best.get(size).toFixed(1).padStart(8)} ms  (${(best.get(size) / size).toFixed(3)} ms per patient)`);
const verdict = ratio <= 15 ? 'linear' : ratio < 100 ? 'worse than linear' : 'quadratic';
console.log(`\n${sizes[1]} / ${sizes[0]} patients: time ratio ${ratio.toFixed(2)}  (linear ≈ 10, needs <= 15) ${verdict}`);
process.exitCode = ratio <= 15 ? 0 : 1;
