// One client process of bench/sdk.mjs: `node sdk-calls.mjs <project> <baseUrl> <variant> <calls>`
// warms up, then times <calls> sequential GET /v1/calendars/{id} with one variant, and sends
// back the median wall time per call of its batches and its own CPU time per call. A process per
// variant, so that no variant's code is optimized by V8 for another's call shapes (they share
// ky's and undici's functions within a process).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [project, base, variant, callsText] = process.argv.slice(2);
const calls = Number(callsText);
const apiKey = 'msk_demo_sonnen_admin';
const entryId = '64d005000000000000000001';
const load = (path) => import(pathToFileURL(join(project, 'node_modules', path)).href);

const variants = {
  raw: async () => {
    const response = await fetch(`${base}/calendars/${entryId}`, { headers: { 'x-api-key': apiKey, accept: 'application/json' } });
    return JSON.parse(await response.text());
  },
  bareKy: async () => {
    const { default: ky } = await load('ky/distribution/index.js');
    return () => ky.get(`${base}/calendars/${entryId}`, { headers: { 'x-api-key': apiKey }, retry: 0 }).json();
  },
  sdk: async () => {
    const { createClient } = await load('@medsched/sdk/dist/index.js');
    const client = createClient({ baseUrl: base, apiKey });
    return () => client.calendars.get(entryId);
  },
  unvalidated: async () => {
    const { createClient } = await load('@medsched/sdk/dist/index.js');
    const client = createClient({ baseUrl: base, apiKey });
    return () => client.calendars.get(entryId, { validateResponse: false });
  },
};
const call = variant === 'raw' ? variants.raw : await variants[variant]();

const warmup = Number(process.env.BENCH_SDK_WARMUP ?? 3000);
for (let i = 0; i < warmup; i++) await call(); // warm-up: V8 optimizes the hot functions (concurrently, on other threads) over the first seconds
const batch = 50;
const times = [];
const cpuStarted = process.cpuUsage();
for (let done = 0; done < calls; done += batch) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) await call();
  times.push(Number(process.hrtime.bigint() - started) / 1e6 / batch);
}
const used = process.cpuUsage(cpuStarted);
times.sort((a, b) => a - b);
process.send({ ms: times[Math.floor(times.length / 2)], cpuMs: (used.user + used.system) / 1e3 / (times.length * batch) });
