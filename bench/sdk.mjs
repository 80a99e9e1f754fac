// pnpm bench, SDK part: the SDK as a user gets it (the packed tarball, installed with plain npm in a
// fresh project), measured two ways against baselines in the same run:
//   1. size: createClient + calendars.list bundled by esbuild for the browser, min+gzip (ky included);
//   2. time: sequential GET /v1/calendars/{id} through the SDK against a bare
//      `ky.get(url, { headers, retry: 0 }).json()` of the same URL on the same reference server (the
//      SDK's transport is ky, so this is what the SDK adds), each variant in its own client process
//      (sdk-calls.mjs). The variants take turns batch by batch, so that each batch of the SDK is
//      compared with a batch of bare ky run a few milliseconds apart: the median of those paired
//      ratios in a round, then the median over rounds of fresh processes. Raw fetch + JSON.parse and
//      the clients' CPU time per call beside it, for information.
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { packWorkspacePackages } from '../scripts/packed-packages.mjs';

const sizeTargetKb = 30;
const ratioTarget = 1.15;
const batches = Number(process.env.BENCH_SDK_BATCHES ?? 40);
const batchCalls = 50;
const warmupCalls = Number(process.env.BENCH_SDK_WARMUP ?? 3000);
const rounds = Number(process.env.BENCH_SDK_ROUNDS ?? 5);

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
    // Each variant in a client process of its own, fresh in every round. Run one after another
    // (as before), the same variant differed by up to 2x between processes on this 2-core VM, as
    // neighbours' load came and went: the SDK / bare ky ratio of one run swung from 0.90 to 1.47.
    // Taking turns every batch of 50 calls, both sides of a ratio see the same machine; the
    // rounds of fresh processes even out where each process happened to land.
    const names = ['raw', 'bareKy', 'sdk', 'unvalidated'];
    const start = (variant) =>
      new Promise((resolve, reject) => {
        const client = fork(fileURLToPath(new URL('./sdk-calls.mjs', import.meta.url)), [project, base, variant], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        client.once('message', () => resolve(client));
        client.once('exit', (code) => code !== 0 && code !== null && reject(new Error(`${variant} client exited with ${code}`)));
      });
    const ask = (client, calls) =>
      new Promise((resolve) => {
        client.once('message', resolve);
        client.send({ calls });
      });
    const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    // Per round and variant: the batches' results, in the order they were run.
    const results = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 0; round < rounds; round++) {
      const clients = {};
      for (const name of names) clients[name] = await start(name);
      // Warm-up in turns too: V8 optimizes the hot functions (concurrently, on other threads) over the first seconds.
      for (let done = 0; done < warmupCalls; done += 500) for (const name of names) await ask(clients[name], 500);
      const batchesOf = Object.fromEntries(names.map((name) => [name, []]));
      for (let batch = 0; batch < batches; batch++) {
        for (const name of batch % 2 === 0 ? names : [...names].reverse()) batchesOf[name].push(await ask(clients[name], batchCalls));
      }
      for (const name of names) {
        results[name].push(batchesOf[name]);
        clients[name].kill();
      }
    }
    const ms = (name) => median(results[name].map((round) => median(round.map((batch) => batch.ms))));
    const cpuMs = (name) => median(results[name].map((round) => median(round.map((batch) => batch.cpuMs))));
    // Each batch against the batch of `base` run next to it; the median in each round, then over the rounds.
    const roundRatios = (name, base) => results[name].map((round, r) => median(round.map((batch, b) => batch.ms / results[base][r][b].ms)));
    const ratioOf = (name, base) => median(roundRatios(name, base));
    const ratio = ratioOf('sdk', 'bareKy');
    console.log(
      `SDK call against bare ky, GET /v1/calendars/{id}: ${rounds} rounds of fresh client processes, one per variant, taking turns every ${batchCalls} sequential calls (${batches} batches each after ${warmupCalls} calls to warm up)`,
    );
    console.log(`  raw fetch + JSON.parse            ${ms('raw').toFixed(3)} ms/call   client CPU ${cpuMs('raw').toFixed(3)} ms/call`);
    console.log(`  bare ky.get(...).json()           ${ms('bareKy').toFixed(3)} ms/call   client CPU ${cpuMs('bareKy').toFixed(3)} ms/call`);
    console.log(`  SDK calendars.get                 ${ms('sdk').toFixed(3)} ms/call   client CPU ${cpuMs('sdk').toFixed(3)} ms/call`);
    console.log(`  SDK, validateResponse: false      ${ms('unvalidated').toFixed(3)} ms/call   client CPU ${cpuMs('unvalidated').toFixed(3)} ms/call`);
    console.log(
      `  SDK / bare ky:                    ${ratio.toFixed(2)}  (target <= ${ratioTarget}) ${ratio <= ratioTarget ? 'ok' : 'FAIL'}   rounds: ${roundRatios('sdk', 'bareKy')
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
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
