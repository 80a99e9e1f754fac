#!/usr/bin/env node
// Writes test-durations.json from the durations vitest kept of its last whole run here
// (node_modules/.vite/vitest/<hash>/results.json): the files of 2 s or more, in whole seconds.
// Run it after `pnpm test` when files were added or got much slower or faster; stale numbers
// only make the order (slow-first-sequencer.mjs) a little worse, never a test.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(root, 'node_modules', '.vite', 'vitest');
const caches = existsSync(cacheDir)
  ? readdirSync(cacheDir)
      .map((name) => join(cacheDir, name, 'results.json'))
      .filter((file) => existsSync(file))
  : [];
if (caches.length !== 1) {
  console.error(`expected one vitest results cache under ${cacheDir}, found ${caches.length}: run \`pnpm test\` first`);
  process.exit(1);
}
const { results } = JSON.parse(readFileSync(caches[0], 'utf8'));
const durations = Object.fromEntries(
  results
    .filter(([, result]) => result.duration >= 2000)
    .map(([key, result]) => [key, Math.round(result.duration / 1000)])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(new URL('./test-durations.json', import.meta.url), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files of 2 s or more`);
