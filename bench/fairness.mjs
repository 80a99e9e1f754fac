// pnpm bench (after isolation.mjs), or alone: node bench/fairness.mjs
// Fairness under expensive requests (issue 33): one patient with 10,000 daily series (inside the
// 100,000-entry quota) and two staff clients asking, over and over, for a year's bake of that
// patient, which is refused (3,660,000 series-days over the 1,000,000 bound). Meanwhile another
// organization sends small GETs; their p50 during the bakes is compared with their p50 alone on
// the same server in the same run (needs <= 3). The server runs in its own process.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const series = 10_000;
const bakers = 2;
const rounds = Number(process.env.BENCH_FAIRNESS_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_FAIRNESS_SECONDS ?? 3);
const otherTenantKey = 'msk_demo_lindenhof_admin';
const otherTenant = '64d001000000000000000002';
const staffKey = 'msk_demo_sonnen_user';
const organization = '64d001000000000000000001';

if (process.argv[2] === 'serve') {
  const { newObjectId } = await import('@medsched/reference-server');
  const { startServer } = await import('@medsched/reference-server/node');
  const server = await startServer({ port: 0, seed: 'demo', onError: (error) => console.error(error) });
  const { db } = server.reference;
  const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  const patient = newObjectId();
  await db.users.create({ id: patient, organization, name: 'Many series', email: null, role: 'patient', category: 'patient', timezone: 'UTC', meta: {}, apps: {}, accountId: null, ...stamps });
  for (let i = 0; i < series; i++) {
    await db.calendarEntries.create({
      id: newObjectId(),
      patient,
      organization,
      baked: false,
      seriesId: null,
      name: `Series ${i}`,
      date: '2026-01-01',
      intakeTime: '08:00',
      rrule: 'FREQ=DAILY',
      ...stamps,
    });
  }
  process.send({ url: server.url, patient });
} else {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url, patient } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  /** Runs `request` in a loop until stopped; resolves to the latencies (ms). */
  function loop(request) {
    const latencies = [];
    let running = true;
    const done = (async () => {
      while (running) {
        const started = performance.now();
        await request();
        latencies.push(performance.now() - started);
      }
    })();
    return { stop: async () => ((running = false), await done, latencies) };
  }
  const smallGet = async () => {
    const response = await fetch(`${url}/organizations/${otherTenant}`, { headers: { 'x-api-key': otherTenantKey } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`small GET: ${response.status}`);
  };
  const refusedBake = async () => {
    const response = await fetch(`${url}/calendars/bake`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': staffKey },
      body: JSON.stringify({ patient, from: '2026-01-01', to: '2026-12-31' }),
    });
    const body = await response.text();
    if (response.status !== 400) throw new Error(`the year bake was not refused: ${response.status} ${body.slice(0, 200)}`);
  };

  console.log(`Fairness: another organization's small GETs (p50) alone and while ${bakers} clients ask for refused year bakes`);
  console.log(`of a patient with ${series} daily series; ${rounds} rounds of ${seconds} s, the median round's ratio counts\n`);
  const ratios = [];
  try {
    const warm = loop(smallGet);
    await wait(1000);
    await warm.stop();
    for (let round = 1; round <= rounds; round++) {
      const alone = loop(smallGet);
      await wait(seconds * 1000);
      const aloneLatencies = await alone.stop();
      const heavy = Array.from({ length: bakers }, () => loop(refusedBake));
      const during = loop(smallGet);
      await wait(seconds * 1000);
      const duringLatencies = await during.stop();
      const bakeLatencies = (await Promise.all(heavy.map((client) => client.stop()))).flat();
      const ratio = p50(duringLatencies) / p50(aloneLatencies);
      ratios.push(ratio);
      console.log(
        `round ${round}  alone p50 ${p50(aloneLatencies).toFixed(2).padStart(7)} ms (${aloneLatencies.length} GETs)   during p50 ${p50(duringLatencies).toFixed(2).padStart(7)} ms (${duringLatencies.length} GETs)   refused bakes: ${bakeLatencies.length}, p50 ${p50(bakeLatencies).toFixed(1)} ms   ratio ${ratio.toFixed(2)}`,
      );
    }
  } finally {
    child.kill();
  }
  const ratio = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  console.log(`\nother tenant's p50 during refused year bakes / alone: ${ratio.toFixed(2)}  (needs <= 3) ${ratio <= 3 ? 'ok' : 'FAIL'}`);
  process.exitCode = ratio <= 3 ? 0 : 1;
}
