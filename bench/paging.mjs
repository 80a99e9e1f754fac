// pnpm bench, paging part (issue 40): the whole walk of an organization's ~48,000 calendar entries
// with `client.calendars.iterate()` (validation on, overlapping pages, re-anchoring), against bare
// ky paging the same list by offset with the same page size and order. The reference server runs
// in its own process (real HTTP, port 0); each client in a process of its own (paging-walk.mjs).
// The two clients take turns walk by walk (A B B A in a round), so that both sides of a round's
// ratio see the same shared machine; the median of the rounds' CPU ratios counts.
// CPU is the client process's only (process.cpuUsage around the walk); peak RSS beside it.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entries = Number(process.env.BENCH_PAGING_ENTRIES ?? 48_000);
const rounds = Number(process.env.BENCH_PAGING_ROUNDS ?? 7);
// By default the SDK walks as a user writes it, `iterate()` without a limit (pages of 1,000, the
// SDK's defaultWalkPageSize), and bare ky pages by the same size; BENCH_PAGING_PAGE=100 gives both a limit.
const sdkDefaultPage = 1000;
const pageSize = Number(process.env.BENCH_PAGING_PAGE ?? sdkDefaultPage);
const pageArgument = process.env.BENCH_PAGING_PAGE === undefined ? 'default' : String(pageSize);
const ratioTarget = 1.2;

function start(script, args) {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, message }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** One whole walk by a client process: its entries, wall ms, CPU ms and peak RSS (MB). */
function walk(client) {
  return new Promise((resolve) => {
    client.child.once('message', resolve);
    client.child.send('walk');
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await start('./server-process.mjs', ['reference', String(entries)]);
const base = `http://127.0.0.1:${server.message.port}/v1`;
const clients = {};
try {
  for (const variant of ['sdk', 'bareKy']) clients[variant] = (await start('./paging-walk.mjs', [base, variant, variant === 'sdk' ? pageArgument : String(pageSize)])).child;
  console.log(
    `Paging: the whole calendar list (~${entries} bench entries + the demo seed), page size ${pageSize}${pageArgument === 'default' ? " (the SDK's default)" : ''}, ${rounds} rounds; client CPU only`,
  );
  const results = { sdk: [], bareKy: [] };
  // Two walks each first, unmeasured: module loading, the schema compiler and V8's warm-up (after
  // one, the SDK's walk still got cheaper round by round here, bare ky's less).
  const warm = {};
  for (let i = 0; i < 2; i++) for (const variant of ['sdk', 'bareKy']) warm[variant] = await walk({ child: clients[variant] });
  if (warm.sdk.entries !== warm.bareKy.entries) throw new Error(`the SDK walked ${warm.sdk.entries} entries, bare ky ${warm.bareKy.entries}`);
  // Each round walks A B B A (the order swapped every other round): the load of the shared cores
  // drifts over seconds, and a drift that is linear over the round weighs both sides alike.
  for (let round = 1; round <= rounds; round++) {
    const [a, b] = round % 2 === 1 ? ['sdk', 'bareKy'] : ['bareKy', 'sdk'];
    const walks = { sdk: [], bareKy: [] };
    for (const variant of [a, b, b, a]) {
      const result = await walk({ child: clients[variant] });
      if (result.entries !== warm.sdk.entries) throw new Error(`${variant} walked ${result.entries} entries in round ${round}, ${warm.sdk.entries} before`);
      walks[variant].push(result);
    }
    const line = {};
    for (const variant of ['sdk', 'bareKy']) {
      // One walk's CPU and wall time: the mean of the round's two.
      const [first, second] = walks[variant];
      line[variant] = { cpuMs: (first.cpuMs + second.cpuMs) / 2, ms: (first.ms + second.ms) / 2, peakRssMb: Math.max(first.peakRssMb, second.peakRssMb) };
      results[variant].push(line[variant]);
    }
    console.log(
      `round ${round}  SDK iterate() ${line.sdk.cpuMs.toFixed(0).padStart(6)} ms CPU (${line.sdk.ms.toFixed(0)} ms wall)  ` +
        `bare ky ${line.bareKy.cpuMs.toFixed(0).padStart(6)} ms CPU (${line.bareKy.ms.toFixed(0)} ms wall)  ratio ${(line.sdk.cpuMs / line.bareKy.cpuMs).toFixed(2)}`,
    );
  }
  const ratio = median(results.sdk.map((result, round) => result.cpuMs / results.bareKy[round].cpuMs));
  const peak = (variant) => Math.max(...results[variant].map((result) => result.peakRssMb));
  console.log(`\n${warm.sdk.entries} entries walked by each, ${Math.ceil(warm.sdk.entries / pageSize)} pages of ${pageSize}`);
  console.log(`median CPU   SDK iterate() ${median(results.sdk.map((r) => r.cpuMs)).toFixed(0)} ms, bare ky ${median(results.bareKy.map((r) => r.cpuMs)).toFixed(0)} ms`);
  console.log(`peak RSS     SDK iterate() ${peak('sdk').toFixed(0)} MB, bare ky ${peak('bareKy').toFixed(0)} MB`);
  console.log(`SDK / bare ky CPU (median of the rounds' ratios): ${ratio.toFixed(2)}  (needs <= ${ratioTarget}) ${ratio <= ratioTarget ? 'ok' : 'FAIL'}`);
  process.exitCode = ratio <= ratioTarget ? 0 : 1;
} finally {
  for (const child of [server.child, ...Object.values(clients)]) child.kill();
}
