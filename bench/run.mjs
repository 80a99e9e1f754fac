// pnpm bench: GET /v1/calendars/{id} with an API key on the reference server, against raw
// node:http answering a body of the same size, and with 1,000 against 100,000 entries in the store.
// Then bake.mjs: an organization-wide POST /v1/calendars/bake with N and 10·N patients (time ratio),
// and isolation.mjs: another tenant's small GETs during the largest allowed bake (p99 ratio);
// fairness.mjs: another tenant's p50 while two clients ask for refused year bakes of 10,000 series;
// bounds.mjs: peak and settled memory under a one-key flood, lists as data grows, tenants during lists;
// then cli-startup.mjs, cli-calls.mjs (the unattended Monday's HTTP calls against a plain fetch script), sdk.mjs, paging.mjs (the whole walk of ~48k calendar entries against bare ky), sdk-size.mjs (one call's bundle in four bundlers beside other clients), mock-server.mjs (a test's reset + one SDK call against plain msw)
// and conformance.mjs (the whole conformance rule set against a local reference server).
import autocannon from 'autocannon';
import { fork, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);
const connections = 50;
const apiKey = 'msk_demo_sonnen_admin';
const entryId = '64d005000000000000000001';
const serverScript = fileURLToPath(new URL('./server-process.mjs', import.meta.url));

function startChild(...args) {
  const child = fork(serverScript, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
}

/** The server process's CPU time so far, user + system, in µs (see server-process.mjs). */
function cpuOf(server) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.cpu === undefined) return;
      server.child.off('message', onMessage);
      resolve(message.cpu.user + message.cpu.system);
    };
    server.child.on('message', onMessage);
    server.child.send('cpu');
  });
}

/** Throughput (req/s) and the server's CPU time per request (µs) over one autocannon run. */
async function measure(server, url, headers, duration) {
  const cpuBefore = await cpuOf(server);
  const result = await autocannon({ url, headers, connections, duration });
  const cpu = (await cpuOf(server)) - cpuBefore;
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests`);
  return { throughput: result.requests.average, cpuPerRequest: cpu / result.requests.total };
}

console.log(`GET /v1/calendars/{id}, ${connections} connections, ${rounds} rounds of ${seconds} s per server (autocannon)`);
console.log("The cores are shared: the servers take turns within each round (the order reversed every other round), and the median of the rounds' ratios counts.\n");

const small = await startChild('reference', '1000');
const large = await startChild('reference', '100000');
const entryUrl = (server) => `http://127.0.0.1:${server.port}/v1/calendars/${entryId}`;
const body = await (await fetch(entryUrl(small), { headers: { 'x-api-key': apiKey } })).text();
const bodyFile = join(tmpdir(), `medsched-bench-body-${process.pid}.json`);
writeFileSync(bodyFile, body);
const raw = await startChild('raw', bodyFile);

const targets = [
  // The raw server is sent the same API key, so that both read requests of the same size.
  { label: `raw node:http, same ${body.length}-byte body`, server: raw, url: `http://127.0.0.1:${raw.port}/`, best: 0, cpu: Infinity, rounds: [] },
  { label: `reference, ${small.entries} entries`, server: small, url: entryUrl(small), best: 0, cpu: Infinity, rounds: [] },
  { label: `reference, ${large.entries} entries`, server: large, url: entryUrl(large), best: 0, cpu: Infinity, rounds: [] },
];
try {
  // Warm-up: measured here, the reference server needs several seconds under load before its
  // cost per request settles (about 150 µs of CPU in the first 4 s, 90 µs after 8 s), while raw
  // node:http settles at once; a short warm-up would compare a cold server with a warm one.
  for (const target of targets) await measure(target.server, target.url, { 'x-api-key': apiKey }, warmupSeconds);
  for (let round = 1; round <= rounds; round++) {
    for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
      const { throughput, cpuPerRequest } = await measure(target.server, target.url, { 'x-api-key': apiKey }, seconds);
      target.best = Math.max(target.best, throughput);
      target.cpu = Math.min(target.cpu, cpuPerRequest);
      target.rounds.push(throughput);
      console.log(`round ${round}  ${target.label.padEnd(36)} ${Math.round(throughput).toString().padStart(7)} req/s  ${cpuPerRequest.toFixed(1).padStart(6)} µs CPU/req`);
    }
  }
} finally {
  for (const server of [raw, small, large]) server.child.kill();
}

// The ratio of each round's pair, measured seconds apart, then the median over the rounds: a
// burst of load elsewhere spoils one round, not the result. (The best round of each server,
// taken separately, swung from 0.79 to 0.97 between runs of the same code here.)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pairedRatio = (of, base) => median(of.rounds.map((value, round) => value / base.rounds[round]));
const vsRaw = pairedRatio(targets[1], targets[0]);
const vsSize = pairedRatio(targets[2], targets[1]);
// For information: the servers' CPU time per request is less sensitive to the load on shared
// cores than throughput (autocannon shares them); raw's CPU over the reference server's.
const cpuVsRaw = targets[0].cpu / targets[1].cpu;
console.log('');
for (const target of targets) {
  console.log(`best  ${target.label.padEnd(36)} ${Math.round(target.best).toString().padStart(7)} req/s  ${target.cpu.toFixed(1).padStart(6)} µs CPU/req`);
}
console.log(`\nreference / raw node:http:          ${vsRaw.toFixed(2)}  (needs >= 0.85) ${vsRaw >= 0.85 ? 'ok' : 'FAIL'}`);
console.log(`  by CPU per request (information):  ${cpuVsRaw.toFixed(2)}  (raw's µs/req over the reference's)`);
console.log(`100,000 entries / 1,000 entries:     ${vsSize.toFixed(2)}  (needs >= 0.80) ${vsSize >= 0.8 ? 'ok' : 'FAIL'}`);
// BENCH_ONLY_GET=1: stop after this first part (the GET ratios), e.g. while working on the hot path.
if (process.env.BENCH_ONLY_GET === '1') process.exit(vsRaw >= 0.85 && vsSize >= 0.8 ? 0 : 1);
// Then the bake benchmark (bake.mjs), in its own process: organization-wide bakes of N and 10·N patients.
console.log('');
const bake = spawnSync(process.execPath, [fileURLToPath(new URL('./bake.mjs', import.meta.url))], { stdio: 'inherit' });
// Then isolation.mjs: another organization's small GETs (p99) during the largest allowed bake, against alone.
console.log('');
const isolation = spawnSync(process.execPath, [fileURLToPath(new URL('./isolation.mjs', import.meta.url))], { stdio: 'inherit' });
// Then fairness.mjs: another organization's p50 while two clients ask for refused year bakes of a 10,000-series patient.
console.log('');
const fairness = spawnSync(process.execPath, [fileURLToPath(new URL('./fairness.mjs', import.meta.url))], { stdio: 'inherit' });
// Then bounds.mjs: memory under a one-key flood, lists at 100,000 against 1,000 entries, another tenant during lists.
console.log('');
const bounds = spawnSync(process.execPath, [fileURLToPath(new URL('./bounds.mjs', import.meta.url))], { stdio: 'inherit' });
// Then cli-startup.mjs: a CLI data command against a bare Node script making the same request, and --version and --help against node -e 0.
console.log('');
const cliStartup = spawnSync(process.execPath, [fileURLToPath(new URL('./cli-startup.mjs', import.meta.url))], { stdio: 'inherit' });
// Then cli-calls.mjs: the unattended Monday (three homes, 28 days, the recipe's CLI runs) in HTTP calls against a plain fetch script.
console.log('');
const cliCalls = spawnSync(process.execPath, [fileURLToPath(new URL('./cli-calls.mjs', import.meta.url))], { stdio: 'inherit' });
// Then sdk.mjs: the SDK from its packed tarball, bundle size and cost per call against raw fetch.
console.log('');
const sdk = spawnSync(process.execPath, [fileURLToPath(new URL('./sdk.mjs', import.meta.url))], { stdio: 'inherit' });
// Then paging.mjs: the whole walk of ~48,000 calendar entries with calendars.iterate() against bare ky by offset (CPU ratio).
console.log('');
const paging = spawnSync(process.execPath, [fileURLToPath(new URL('./paging.mjs', import.meta.url))], { stdio: 'inherit' });
// Then sdk-size.mjs: one call's browser bundle with esbuild, Vite, webpack and Rollup, beside bare ky, openai, stripe and octokit.
console.log('');
const sdkSize = spawnSync(process.execPath, [fileURLToPath(new URL('./sdk-size.mjs', import.meta.url))], { stdio: 'inherit' });
// Then mock-server.mjs: a front-end test (reset + one SDK call) on the mock server against plain msw.
console.log('');
const mockServer = spawnSync(process.execPath, [fileURLToPath(new URL('./mock-server.mjs', import.meta.url))], { stdio: 'inherit' });
// Then conformance.mjs: the whole conformance rule set, as a CLI process, against a local reference server.
console.log('');
const conformance = spawnSync(process.execPath, [fileURLToPath(new URL('./conformance.mjs', import.meta.url))], { stdio: 'inherit' });
process.exitCode =
  vsRaw >= 0.85 &&
  vsSize >= 0.8 &&
  bake.status === 0 &&
  isolation.status === 0 &&
  fairness.status === 0 &&
  bounds.status === 0 &&
  cliStartup.status === 0 &&
  cliCalls.status === 0 &&
  sdk.status === 0 &&
  paging.status === 0 &&
  sdkSize.status === 0 &&
  mockServer.status === 0 &&
  conformance.status === 0
    ? 0
    : 1;
