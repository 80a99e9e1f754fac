// One client process of bench/paging.mjs: `node paging-walk.mjs <baseUrl> <variant> <pageSize>`
// walks the whole calendar list of the organization each time the parent asks (`'walk'`), and
// answers with the entries seen, this process's CPU time for the walk (user + system, ms) and its
// peak RSS so far (MB). One process per variant, so that V8 optimizes neither variant's code for
// the other's call shapes (they share ky's and undici's functions within a process).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [base, variant, pageSizeText] = process.argv.slice(2);
const pageSize = Number(pageSizeText);
const apiKey = 'msk_demo_sonnen_admin';
const sdkDist = fileURLToPath(new URL('../packages/sdk/dist/index.js', import.meta.url));
// ky as the SDK itself resolves it: the same version on both sides.
const kyEntry = createRequire(sdkDist).resolve('ky');

const variants = {
  // The SDK's walk, validation on (the default): sortBy createdAt,id, overlapping pages, re-anchoring.
  sdk: async () => {
    const { createClient } = await import(pathToFileURL(sdkDist).href);
    const client = createClient({ baseUrl: base, apiKey });
    return async () => {
      let count = 0;
      for await (const entry of client.calendars.iterate(pageSizeText === 'default' ? {} : { limit: pageSize })) if (entry.id) count++;
      return count;
    };
  },
  // Bare ky paging the same list by offset, page after page, with the same page size and order;
  // no validation, no overlap: what paging costs without the SDK.
  bareKy: async () => {
    const { default: ky } = await import(pathToFileURL(kyEntry).href);
    const limit = pageSize;
    return async () => {
      let count = 0;
      for (let offset = 0; ; offset += limit) {
        const items = await ky.get(`${base}/calendars/`, { headers: { 'x-api-key': apiKey }, searchParams: { sortBy: 'createdAt,id', offset, limit }, retry: 0 }).json();
        for (const entry of items) if (entry.id) count++;
        if (items.length < limit) return count;
      }
    };
  },
};
const walk = await variants[variant]();

process.on('message', async (message) => {
  if (message !== 'walk') return;
  const cpuStarted = process.cpuUsage();
  const started = process.hrtime.bigint();
  const entries = await walk();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const used = process.cpuUsage(cpuStarted);
  // maxRSS is in KB; the peak of the whole process so far, as a user's nightly job would see it.
  process.send({ entries, ms, cpuMs: (used.user + used.system) / 1e3, peakRssMb: process.resourceUsage().maxRSS / 1024 });
});
process.send('ready');
