// pnpm bench, SDK part: the SDK as a user gets it (the packed tarball, installed with plain npm in a
// fresh project), measured two ways against baselines in the same run:
//   1. size: createClient + calendars.list bundled by esbuild for the browser, min+gzip (ky included);
//   2. time: sequential GET /v1/calendars/{id} through the SDK against a bare
//      `ky.get(url, { headers, retry: 0 }).json()` of the same URL on the same reference server (the
//      SDK's transport is ky, so this is what the SDK adds), in alternating batches, median of the
//      batch ratios; raw fetch + JSON.parse beside it, for information.
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { packWorkspacePackages } from '../scripts/packed-packages.mjs';

const sizeTargetKb = 30;
const ratioTarget = 1.15;
const calls = Number(process.env.BENCH_SDK_CALLS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const apiKey = 'msk_demo_sonnen_admin';
const entryId = '64d005000000000000000001';

// The tarball, installed in a fresh project outside the workspace.
const work = packWorkspacePackages(['@medsched/sdk']);
try {
  const tarball = join(work, 'medsched-sdk.tgz');
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-sdk-consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', tarball], { cwd: project, stdio: 'ignore' });

  // 1. Bundle size.
  writeFileSync(
    join(project, 'entry.js'),
    "import { createClient } from '@medsched/sdk';\n" +
      "const client = createClient({ baseUrl: 'https://api.example.test/v1', apiKey: 'k' });\n" +
      'client.calendars.list({ limit: 5 }).then((page) => console.log(page.items.length));\n',
  );
  const built = await esbuild.build({ entryPoints: [join(project, 'entry.js')], absWorkingDir: project, bundle: true, minify: true, platform: 'browser', format: 'esm', write: false });
  const bundle = built.outputFiles[0].contents;
  const gzipKb = gzipSync(bundle).length / 1024;
  console.log('SDK bundle: createClient + calendars.list, esbuild --bundle --minify --platform=browser, from the packed tarball');
  console.log(`  ${(bundle.length / 1024).toFixed(1)} KB min, ${gzipKb.toFixed(1)} KB min+gzip  (target <= ${sizeTargetKb} KB) ${gzipKb <= sizeTargetKb ? 'ok' : 'FAIL'}\n`);

  // 2. Cost per call against raw fetch.
  const { createClient } = await import(pathToFileURL(join(project, 'node_modules/@medsched/sdk/dist/index.js')).href);
  // The ky the SDK installed with it (a dependency of the tarball).
  const { default: ky } = await import(pathToFileURL(join(project, 'node_modules/ky/distribution/index.js')).href);
  const child = fork(fileURLToPath(new URL('./server-process.mjs', import.meta.url)), ['reference', '0'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  try {
    const base = `http://127.0.0.1:${port}/v1`;
    const client = createClient({ baseUrl: base, apiKey });
    const raw = async () => {
      const response = await fetch(`${base}/calendars/${entryId}`, { headers: { 'x-api-key': apiKey, accept: 'application/json' } });
      return JSON.parse(await response.text());
    };
    // The same fetch with a deadline, as the SDK must have: undici's AbortSignal handling costs
    // several percent of a local call by itself, so this line shows what is the SDK's own.
    const rawWithDeadline = async () => {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), 30_000);
      try {
        const response = await fetch(`${base}/calendars/${entryId}`, { headers: { 'x-api-key': apiKey, accept: 'application/json' }, signal: deadline.signal });
        return JSON.parse(await response.text());
      } finally {
        clearTimeout(timer);
      }
    };
    const bareKy = () => ky.get(`${base}/calendars/${entryId}`, { headers: { 'x-api-key': apiKey }, retry: 0 }).json();
    const sdk = () => client.calendars.get(entryId);
    const unvalidated = () => client.calendars.get(entryId, { validateResponse: false });
    const time = async (call, count) => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < count; i++) await call();
      return Number(process.hrtime.bigint() - started) / 1e6 / count;
    };
    for (const call of [raw, rawWithDeadline, bareKy, sdk, unvalidated]) await time(call, 300); // warm-up
    // The cores are shared: the variants take turns in small batches, and the median of the
    // per-batch ratios counts, so that a burst of load elsewhere does not favour one side.
    // The order of the turns is reversed every other round: a batch pays for the garbage the
    // batch before it left (a scavenge every few megabytes), so with a fixed order the SDK always
    // followed bare ky and paid for its garbage, and bare ky never paid for the SDK's.
    const batch = 50;
    const variants = { raw, rawWithDeadline, bareKy, sdk, unvalidated };
    const samples = { raw: [], rawWithDeadline: [], bareKy: [], sdk: [], unvalidated: [] };
    for (let done = 0, round = 0; done < calls * rounds; done += batch, round++) {
      const names = Object.keys(variants);
      for (const name of round % 2 === 0 ? names : names.reverse()) samples[name].push(await time(variants[name], batch));
    }
    const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const ratioOf = (name, base = 'raw') => median(samples[name].map((value, i) => value / samples[base][i]));
    const ratio = ratioOf('sdk', 'bareKy');
    console.log(`SDK call against bare ky, GET /v1/calendars/{id}, ${calls * rounds} sequential calls each, in turns of ${batch} (median per batch)`);
    console.log(`  raw fetch + JSON.parse            ${median(samples.raw).toFixed(3)} ms/call`);
    console.log(`  the same with an AbortSignal      ${median(samples.rawWithDeadline).toFixed(3)} ms/call`);
    console.log(`  bare ky.get(...).json()           ${median(samples.bareKy).toFixed(3)} ms/call`);
    console.log(`  SDK calendars.get                 ${median(samples.sdk).toFixed(3)} ms/call`);
    console.log(`  SDK, validateResponse: false      ${median(samples.unvalidated).toFixed(3)} ms/call`);
    console.log(`  SDK / bare ky:                    ${ratio.toFixed(2)}  (target <= ${ratioTarget}) ${ratio <= ratioTarget ? 'ok' : 'FAIL'}`);
    console.log(`  SDK without validation / bare ky: ${ratioOf('unvalidated', 'bareKy').toFixed(2)}`);
    console.log(`  SDK / raw fetch (information):    ${ratioOf('sdk').toFixed(2)}`);
    console.log(`  bare ky / raw fetch (information): ${ratioOf('bareKy').toFixed(2)}`);
    process.exitCode = gzipKb <= sizeTargetKb && ratio <= ratioTarget ? 0 : 1;
  } finally {
    child.kill();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
