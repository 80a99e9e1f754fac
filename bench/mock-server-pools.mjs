// node bench/mock-server-pools.mjs (after `pnpm build`); never part of the test run.
// Which Vitest pools and isolation settings the mock server works under, and what each costs:
// the same test files (each: setupMockApi, listen/reset/close as the README says, tests of one
// scenario + one SDK read) run under pool forks / threads / vmThreads, with and without
// isolation, in rounds that alternate between the variants; the best wall time of each counts
// (a whole Vitest run: start-up, module loading, the tests). Prints a table for the README.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const files = Number(process.env.BENCH_POOL_FILES ?? 12);
const testsPerFile = Number(process.env.BENCH_POOL_TESTS ?? 20);
const rounds = Number(process.env.BENCH_POOL_ROUNDS ?? 2);
const mockServerDir = fileURLToPath(new URL('../packages/mock-server/', import.meta.url));
const vitestBin = join(createRequire(join(mockServerDir, 'package.json')).resolve('vitest/package.json'), '..', 'vitest.mjs');
// Inside the package, so that the test files resolve vitest and msw as the package does.
const dir = join(mockServerDir, `.bench-pools-${process.pid}`);
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const variants = [
  { name: 'forks, isolate (default)', pool: 'forks', isolate: true },
  { name: 'forks, no isolate', pool: 'forks', isolate: false },
  { name: 'threads, isolate', pool: 'threads', isolate: true },
  { name: 'threads, no isolate', pool: 'threads', isolate: false },
  { name: 'vmThreads', pool: 'vmThreads', isolate: true },
];

mkdirSync(join(dir, 'tests'), { recursive: true });
const entry = JSON.stringify(join(mockServerDir, 'dist', 'index.js'));
for (let file = 0; file < files; file++) {
  writeFileSync(
    join(dir, 'tests', `file-${file}.test.mjs`),
    `import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setupMockApi } from ${entry};
const mock = setupMockApi();
beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());
const entryId = '64d005000000000000000001';
for (let i = 0; i < ${testsPerFile}; i++) {
  it('test ' + i, async () => {
    mock.fail('calendars.list', 503);
    const { client } = mock.as('user');
    expect((await client.calendars.get(entryId)).id).toBe(entryId);
    await expect(client.calendars.list()).rejects.toMatchObject({ status: 503 });
    expect(mock.journal.count()).toBe(2);
  });
}
`,
  );
}
for (const variant of variants) {
  const config = { test: { include: ['tests/**/*.test.mjs'], pool: variant.pool, isolate: variant.isolate, maxWorkers: 2, environment: 'node' } };
  writeFileSync(join(dir, `vitest.${variant.pool}.${variant.isolate}.config.mjs`), `export default ${JSON.stringify(config)};\n`);
}

console.log(`Vitest pools with the mock server: ${files} files × ${testsPerFile} tests (fail + SDK read + reset), 2 workers, ${rounds} rounds, best wall time`);
const best = new Map(variants.map((variant) => [variant.name, { ms: Infinity, ok: true, output: '' }]));
for (let round = 1; round <= rounds; round++) {
  for (const variant of variants) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [vitestBin, 'run', '--config', `vitest.${variant.pool}.${variant.isolate}.config.mjs`], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const ms = performance.now() - started;
    const passed = result.status === 0 && new RegExp(`${files * testsPerFile} passed`).test(result.stdout);
    const record = best.get(variant.name);
    record.ms = Math.min(record.ms, ms);
    record.ok &&= passed;
    if (!passed) record.output = `${result.stdout}${result.stderr}`.slice(-2000);
    console.log(`round ${round}  ${variant.name.padEnd(26)} ${passed ? 'passed' : 'FAILED'}  ${ms.toFixed(0).padStart(6)} ms`);
  }
}
const baseline = best.get(variants[0].name).ms;
console.log('\n| pool, isolation | result | wall time, best | against the default |\n|---|---|---|---|');
for (const [name, { ms, ok }] of best) console.log(`| ${name} | ${ok ? 'passes' : 'fails'} | ${(ms / 1000).toFixed(1)} s | ${(ms / baseline).toFixed(2)}× |`);
for (const [name, { ok, output }] of best) if (!ok) console.log(`\n${name} failed:\n${output}`);
