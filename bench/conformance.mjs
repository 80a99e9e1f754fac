// pnpm bench (after mock-server.mjs), or alone: node bench/conformance.mjs (after `pnpm build`)
// The whole conformance rule set as a user runs it, `medsched conformance` (a fresh CLI process:
// start-up, 22 rules, the scratch patient's writes), against a local reference server, with every
// credential given so that no rule is skipped. Baseline in the same run: `node -e 0` (a bare Node
// start), so the ratio says how many process start-ups the whole rule set costs.
// Target: the whole set under 10 s (median of the runs).
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.env.BENCH_CONFORMANCE_RUNS ?? 5);
const targetMs = 10_000;
const cliBin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const serverScript = fileURLToPath(new URL('./server-process.mjs', import.meta.url));

const server = fork(serverScript, ['reference', '0'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { port } = await new Promise((resolve, reject) => {
  server.once('message', resolve);
  server.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
});
const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MEDSCHED_')));
const env = {
  ...clean,
  MEDSCHED_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'medsched-conformance-bench-')),
  MEDSCHED_API_KEY: 'msk_demo_sonnen_user',
  MEDSCHED_CONFORMANCE_PATIENT_API_KEY: 'msk_demo_sonnen_patient1',
  MEDSCHED_CONFORMANCE_OTHER_ORG_API_KEY: 'msk_demo_lindenhof_admin',
  NO_COLOR: '1',
};
const conformance = [cliBin, 'conformance', '--base-url', `http://127.0.0.1:${port}/v1`, '--json'];

function time(args, options) {
  const started = process.hrtime.bigint();
  const output = execFileSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, output };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const first = JSON.parse(time(conformance, { env }).output);
  if (first.counts.pass !== first.results.length) throw new Error(`not every rule passed: ${JSON.stringify(first.counts)}`);
  const times = { node: [], conformance: [] };
  for (let i = 0; i < runs; i++) {
    times.node.push(time(['-e', '0']).ms);
    times.conformance.push(time(conformance, { env }).ms);
  }
  const nodeMedian = median(times.node);
  const runMedian = median(times.conformance);
  const slowest = [...first.results].sort((a, b) => b.durationMs - a.durationMs).slice(0, 3);
  console.log(`medsched conformance, ${first.results.length} rules (none skipped), whole CLI process against a local reference server, ${runs} runs`);
  console.log(`median  node -e 0                ${nodeMedian.toFixed(0).padStart(6)} ms`);
  console.log(`median  medsched conformance     ${runMedian.toFixed(0).padStart(6)} ms`);
  console.log(`slowest rules (first run): ${slowest.map((rule) => `${rule.id} ${rule.durationMs} ms`).join(', ')}`);
  console.log(`\nconformance / node -e 0:          ${(runMedian / nodeMedian).toFixed(1)}`);
  console.log(`whole rule set:                   ${(runMedian / 1000).toFixed(2)} s  (needs < ${targetMs / 1000} s) ${runMedian < targetMs ? 'ok' : 'FAIL'}`);
  process.exitCode = runMedian < targetMs ? 0 : 1;
} finally {
  server.kill();
}
