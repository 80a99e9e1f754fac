// pnpm bench (after run.mjs and bake.mjs): the start-up cost of a CLI data command against a bare
// Node script that makes the same request (GET /v1/organizations/{id} with the same key, JSON
// printed to stdout), both as fresh processes, interleaved in the same run on the same server.
// The CLI runs the normal logged-in path: its profile (base URL, key) read from the config file
// that `medsched login` writes (~/.config/medsched-nodejs/config.json, here under a temporary
// XDG_CONFIG_HOME), no MEDSCHED_* variables.
// Target: CLI median <= 1.2 x the bare script's median.
// In the same interleaved loop: `medsched --version` and `medsched --help` against `node -e 0`
// (what Node itself costs to start). Target: each median <= 1.3 x node -e 0's median.
// For information, no target: the bare script with the V8 setting the CLI makes in bin.ts
// (--wasm-tiering-budget: fetch's WebAssembly HTTP parser is not recompiled in the background,
// which the process otherwise waits for before it ends). Against it, the ratio is the CLI's own
// cost (commander, the SDK with zod, the CLI's modules), without what both save or pay for fetch.
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.env.BENCH_CLI_RUNS ?? 25);
const warmups = 3;
const target = 1.2;
const quickTarget = 1.3;
const apiKey = 'msk_demo_sonnen_user';
const organization = '64d001000000000000000001';
const cliBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const serverScript = fileURLToPath(new URL('./server-process.mjs', import.meta.url));

const server = fork(serverScript, ['reference', '0'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { port } = await new Promise((resolve, reject) => {
  server.once('message', resolve);
  server.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
});
const baseUrl = `http://127.0.0.1:${port}/v1`;

// What a person would write without the CLI: fetch, check, print the JSON.
const dir = mkdtempSync(join(tmpdir(), 'medsched-cli-bench-'));
const bare = join(dir, 'bare.mjs');
writeFileSync(
  bare,
  `const response = await fetch(process.env.MEDSCHED_BASE_URL + '/organizations/${organization}', { headers: { 'x-api-key': process.env.MEDSCHED_API_KEY, accept: 'application/json' } });
if (!response.ok) process.exit(1);
process.stdout.write(JSON.stringify(await response.json(), null, 2) + '\\n');
`,
);
const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MEDSCHED_')));
// The logged-in path: a profile in the config file, as `medsched login` leaves it (mode 0600).
mkdirSync(join(dir, 'medsched-nodejs'), { recursive: true });
writeFileSync(join(dir, 'medsched-nodejs', 'config.json'), JSON.stringify({ currentProfile: 'default', profiles: { default: { baseUrl, apiKey } } }), { mode: 0o600 });
const envs = {
  bare: { ...clean, MEDSCHED_BASE_URL: baseUrl, MEDSCHED_API_KEY: apiKey, NO_COLOR: '1' },
  bareTuned: { ...clean, MEDSCHED_BASE_URL: baseUrl, MEDSCHED_API_KEY: apiKey, NO_COLOR: '1' },
  cli: { ...clean, XDG_CONFIG_HOME: dir, NO_COLOR: '1' },
  node: clean,
  version: { ...clean, XDG_CONFIG_HOME: dir, NO_COLOR: '1' },
  help: { ...clean, XDG_CONFIG_HOME: dir, NO_COLOR: '1', COLUMNS: '80' },
};
const commands = {
  bare: [bare],
  bareTuned: ['--wasm-tiering-budget=180000000', bare],
  cli: [cliBin, 'org', 'get', organization, '--json'],
  node: ['-e', '0'],
  version: [cliBin, '--version'],
  help: [cliBin, '--help'],
};

function timeOne(name) {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, commands[name], { env: envs[name], stdio: ['ignore', 'pipe', 'pipe'] });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  // Same answer from both, or the comparison means nothing.
  const outputs = ['bare', 'cli'].map((name) => JSON.parse(execFileSync(process.execPath, commands[name], { env: envs[name], encoding: 'utf8' })));
  if (JSON.stringify(outputs[0]) !== JSON.stringify(outputs[1])) throw new Error('the CLI and the bare script printed different answers');
  for (let i = 0; i < warmups; i++) for (const name of Object.keys(commands)) timeOne(name);
  const names = Object.keys(commands);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    // Interleaved, alternating the order, so load on the shared cores hits all alike.
    const order = i % 2 === 0 ? names : [...names].reverse();
    for (const name of order) times[name].push(timeOne(name));
  }
  const bareMedian = median(times.bare);
  const cliMedian = median(times.cli);
  const ratio = cliMedian / bareMedian;
  console.log(`CLI start-up (logged-in path: profile from the config file, no MEDSCHED_* variables): \`medsched org get ID --json\` against a bare Node fetch script, ${runs} interleaved runs each`);
  console.log(`median  bare node script  ${bareMedian.toFixed(0).padStart(5)} ms`);
  console.log(`median  medsched CLI      ${cliMedian.toFixed(0).padStart(5)} ms`);
  const tunedMedian = median(times.bareTuned);
  console.log(`median  bare script, V8 tuned as the CLI: ${tunedMedian.toFixed(0)} ms (CLI / it ${(cliMedian / tunedMedian).toFixed(2)}, for information)`);
  const nodeMedian = median(times.node);
  const versionRatio = median(times.version) / nodeMedian;
  const helpRatio = median(times.help) / nodeMedian;
  console.log(`median  node -e 0         ${nodeMedian.toFixed(0).padStart(5)} ms`);
  console.log(`median  medsched --version ${median(times.version).toFixed(0).padStart(4)} ms`);
  console.log(`median  medsched --help   ${median(times.help).toFixed(0).padStart(5)} ms`);
  console.log(`\nCLI / bare script:                  ${ratio.toFixed(2)}  (needs <= ${target.toFixed(2)}) ${ratio <= target ? 'ok' : 'FAIL'}`);
  console.log(`--version / node -e 0:              ${versionRatio.toFixed(2)}  (needs <= ${quickTarget.toFixed(2)}) ${versionRatio <= quickTarget ? 'ok' : 'FAIL'}`);
  console.log(`--help / node -e 0:                 ${helpRatio.toFixed(2)}  (needs <= ${quickTarget.toFixed(2)}) ${helpRatio <= quickTarget ? 'ok' : 'FAIL'}`);
  process.exitCode = ratio <= target && versionRatio <= quickTarget && helpRatio <= quickTarget ? 0 : 1;
} finally {
  server.kill();
}
