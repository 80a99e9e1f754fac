// pnpm bench, SDK part: the SDK as a user gets it (the packed tarball, installed with plain npm in a
// fresh project), measured two ways against baselines in the same run:
//   1. size: createClient + calendars.list bundled by esbuild for the browser, min+gzip (ky included);
//   2. time: sequential GET /v1/calendars/{id} through the SDK against a bare
//      `ky.get(url, { headers, retry: 0 }).json()` of the same URL on the same reference server (the
//      SDK's transport is ky, so this is what the SDK adds), each variant in its own client process
//      (sdk-calls.mjs), in alternating rounds, median of the rounds' ratios; raw fetch + JSON.parse
//      and the clients' CPU time per call beside it, for information.
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { packWorkspacePackages } from '../scripts/packed-packages.mjs';

const sizeTargetKb = 30;
const ratioTarget = 1.15;
const calls = Number(process.env.BENCH_SDK_CALLS ?? 1000);
const rounds = Number(process.env.BENCH_SDK_ROUNDS ?? 9);
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
  const child = fork(fileURLToPath(new URL('./server-process.mjs', import.meta.url)), ['reference', '0'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  try {
    const base = `http://127.0.0.1:${port}/v1`;
    // Each variant in a client process of its own (sdk-calls.mjs), the variants taking turns
    // round after round, the order reversed every other round. In one process the variants
    // shared ky's and undici's functions, and V8 optimized them for whichever call shape came
    // first: the SDK / bare ky ratio swung from 0.78 to 1.71 between runs of the same code.
    const runVariant = (variant) => new Promise((resolve, reject) => {
      const client = fork(fileURLToPath(new URL('./sdk-calls.mjs', import.meta.url)), [project, base, variant, String(calls)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      client.once('message', resolve);
      client.once('exit', (code) => code !== 0 && reject(new Error(`${variant} client exited with ${code}`)));
    });
    const names = ['raw', 'bareKy', 'sdk', 'unvalidated'];
    const results = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) results[name].push(await runVariant(name));
    }
    const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const ms = (name) => median(results[name].map((result) => result.ms));
    const cpuMs = (name) => median(results[name].map((result) => result.cpuMs));
    // The ratio of each round's pair (run next to each other), then the median over the rounds.
    const ratioOf = (name, base) => median(results[name].map((result, round) => result.ms / results[base][round].ms));
    const ratio = ratioOf('sdk', 'bareKy');
    console.log(`SDK call against bare ky, GET /v1/calendars/{id}: ${rounds} rounds, each variant in its own process per round (${calls} sequential calls after ${process.env.BENCH_SDK_WARMUP ?? 3000} to warm up; median of batches of 50)`);
    console.log(`  raw fetch + JSON.parse            ${ms('raw').toFixed(3)} ms/call   client CPU ${cpuMs('raw').toFixed(3)} ms/call`);
    console.log(`  bare ky.get(...).json()           ${ms('bareKy').toFixed(3)} ms/call   client CPU ${cpuMs('bareKy').toFixed(3)} ms/call`);
    console.log(`  SDK calendars.get                 ${ms('sdk').toFixed(3)} ms/call   client CPU ${cpuMs('sdk').toFixed(3)} ms/call`);
    console.log(`  SDK, validateResponse: false      ${ms('unvalidated').toFixed(3)} ms/call   client CPU ${cpuMs('unvalidated').toFixed(3)} ms/call`);
    console.log(`  SDK / bare ky:                    ${ratio.toFixed(2)}  (target <= ${ratioTarget}) ${ratio <= ratioTarget ? 'ok' : 'FAIL'}`);
    console.log(`  SDK without validation / bare ky: ${ratioOf('unvalidated', 'bareKy').toFixed(2)}`);
    console.log(`  client CPU, SDK / bare ky:        ${(cpuMs('sdk') / cpuMs('bareKy')).toFixed(2)}  (information)`);
    console.log(`  SDK / raw fetch (information):    ${ratioOf('sdk', 'raw').toFixed(2)}`);
    console.log(`  bare ky / raw fetch (information): ${ratioOf('bareKy', 'raw').toFixed(2)}`);
    process.exitCode = gzipKb <= sizeTargetKb && ratio <= ratioTarget ? 0 : 1;
  } finally {
    child.kill();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
