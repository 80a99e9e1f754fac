// pnpm bench (after bake.mjs), or alone: node bench/isolation.mjs
// Tenant isolation: the heaviest request the server allows (an organization-wide bake of the
// largest allowed size, just under the 10,000-entry limit) runs while another organization
// sends small GETs. The small GETs' p99 during the bake is compared with their p99 alone, on the
// same server in the same run. The server runs in its own process, so the load generator never
// shares its event loop.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const adminSecret = 'bench-isolation-secret';
const patients = 100;
const rangeDays = 4; // one hourly series per patient: 100 × 24 × 4 = 9,600 entries a bake
const rounds = Number(process.env.BENCH_ISOLATION_ROUNDS ?? 3);
const aloneSeconds = Number(process.env.BENCH_ISOLATION_SECONDS ?? 3);
const workers = 4;
const otherTenantKey = 'msk_demo_lindenhof_admin';
const otherTenant = '64d001000000000000000002';

if (process.argv[2] === 'serve') {
  // The child: the reference server with the demo data and a big organization to bake.
  const { newObjectId } = await import('@medsched/reference-server');
  const { startServer } = await import('@medsched/reference-server/node');
  const server = await startServer({ port: 0, seed: 'demo', adminSecret, onError: (error) => console.error(error) });
  const { db } = server.reference;
  const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  const organization = newObjectId();
  await db.organizations.create({ id: organization, name: 'Bench isolation', email: 'iso@bench.example', kind: 'care-home', meta: {}, ...stamps });
  const adminEmail = 'admin@isolation.bench.example';
  await db.users.create({ id: newObjectId(), organization, name: 'Admin', email: adminEmail, role: 'admin', category: 'pharmacist', timezone: 'UTC', meta: {}, apps: {}, accountId: null, ...stamps });
  for (let p = 0; p < patients; p++) {
    const patient = newObjectId();
    await db.users.create({ id: patient, organization, name: `Patient ${p}`, email: null, role: 'patient', category: 'patient', timezone: 'UTC', meta: {}, apps: {}, accountId: null, ...stamps });
    await db.calendarEntries.create({
      id: newObjectId(),
      patient,
      organization,
      baked: false,
      seriesId: null,
      name: 'Hourly',
      date: '2026-01-01',
      intakeTime: '00:00',
      rrule: 'FREQ=HOURLY',
      ...stamps,
    });
  }
  const key = await fetch(`${server.origin}/dev/admin/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret },
    body: JSON.stringify({ email: adminEmail }),
  });
  process.send({ url: server.url, organization, apiKey: (await key.json()).apiKey });
} else {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url, organization, apiKey } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });

  /** Small GETs of the other organization from `workers` sequential clients until `stop()`; latencies in ms. */
  function smallGets() {
    const latencies = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(`${url}/organizations/${otherTenant}`, { headers: { 'x-api-key': otherTenantKey } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`small GET: ${response.status}`);
        latencies.push(performance.now() - started);
      }
    };
    const done = Promise.all(Array.from({ length: workers }, worker));
    return { latencies, stop: async () => ((running = false), await done, latencies) };
  }
  const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];

  console.log(`Isolation: small GETs of another organization (${workers} clients) alone and during an organization-wide bake`);
  console.log(`of ${patients * 24 * rangeDays} entries (${patients} patients, hourly, ${rangeDays} days; the limit is 10,000); ${rounds} rounds, best p99s count\n`);
  let bestAlone = Infinity;
  let bestDuring = Infinity;
  try {
    // Warm-up: JIT and connections.
    const warm = smallGets();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await warm.stop();
    for (let round = 1; round <= rounds; round++) {
      const alone = smallGets();
      await new Promise((resolve) => setTimeout(resolve, aloneSeconds * 1000));
      const aloneLatencies = await alone.stop();

      // Each round bakes a range no earlier round touched: the same amount of work every time.
      const from = new Date(Date.UTC(2026, 1, 1) + (round - 1) * rangeDays * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.UTC(2026, 1, 1) + (round * rangeDays - 1) * 86_400_000).toISOString().slice(0, 10);
      const during = smallGets();
      const started = performance.now();
      const bake = await fetch(`${url}/calendars/bake`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ organization, updateAllPatients: true, from, to }),
      });
      const result = await bake.json();
      const bakeMs = performance.now() - started;
      const duringLatencies = await during.stop();
      if (bake.status !== 200 || result.data.length !== patients * 24 * rangeDays) throw new Error(`bake: ${bake.status} ${JSON.stringify(result).slice(0, 300)}`);

      const [aloneP99, duringP99] = [p99(aloneLatencies), p99(duringLatencies)];
      bestAlone = Math.min(bestAlone, aloneP99);
      bestDuring = Math.min(bestDuring, duringP99);
      console.log(
        `round ${round}  alone p99 ${aloneP99.toFixed(2).padStart(7)} ms (${aloneLatencies.length} GETs)   during the bake (${bakeMs.toFixed(0)} ms) p99 ${duringP99.toFixed(2).padStart(7)} ms (${duringLatencies.length} GETs)`,
      );
    }
  } finally {
    child.kill();
  }
  const ratio = bestDuring / bestAlone;
  console.log(`\nsmall GETs' p99 during the largest bake / alone: ${ratio.toFixed(2)}  (${bestDuring.toFixed(2)} ms / ${bestAlone.toFixed(2)} ms)`);
}
