// One client process of bench/sdk.mjs: `node sdk-calls.mjs <project> <baseUrl> <variant>` makes
// GET /v1/calendars/{id} with one variant, a batch of sequential calls each time the parent asks
// (`{ calls }`), and answers with the batch's wall time and this process's CPU time per call. A
// process per variant, so that no variant's code is optimized by V8 for another's call shapes
// (they share ky's and undici's functions within a process); batches on request, so that the
// parent can let the variants take turns every few milliseconds.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [project, base, variant] = process.argv.slice(2);
const apiKey = 'msk_demo_sonnen_admin';
const entryId = '64d005000000000000000001';
const load = (path) => import(pathToFileURL(join(project, 'node_modules', path)).href);

const variants = {
  raw: async () => async () => {
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
const call = await variants[variant]();

process.on('message', async ({ calls }) => {
  const cpuStarted = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await call();
  const ms = Number(process.hrtime.bigint() - started) / 1e6 / calls;
  const used = process.cpuUsage(cpuStarted);
  process.send({ ms, cpuMs: (used.user + used.system) / 1e3 / calls });
});
process.send('ready');
