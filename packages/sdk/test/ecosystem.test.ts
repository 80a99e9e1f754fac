/**
 * The quick subset of the ecosystem suite (ecosystem-tests/, the whole matrix is
 * `pnpm test:ecosystem`): the packed tarball installed with plain npm in one fresh project outside
 * the workspace, then the same scenario of real calls (pages, a replayed create, typed 404, abort,
 * timeout, 503 then 200, a create whose connection drops after the server wrote it) run by
 * Node's require and import, by Jest 30 in its default CommonJS mode, from an esbuild-minified
 * bundle, and inside Cloudflare's workerd; and tsc at the stated TypeScript floor under node10.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverBuilt } from './support/reference-server.js';

const runner = fileURLToPath(new URL('../ecosystem-tests/run.mjs', import.meta.url));
const quick = ['node-cjs', 'node-esm', 'jest30-cjs', 'esbuild-minified', 'workerd', 'ts5.5-node10'];

interface CellResult {
  cell: string;
  passed: number;
  total: number;
  failures: { name: string; detail: string }[];
}

describe.skipIf(!serverBuilt)('the packed SDK across runtimes (ecosystem quick subset)', () => {
  const results = new Map<string, CellResult>();
  let output = '';

  beforeAll(async () => {
    const child = spawn(process.execPath, [runner, '--only', quick.join(','), '--shared', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('close', resolve));
    const json = output.trim().split('\n').reverse().find((line) => line.startsWith('[{'));
    for (const result of JSON.parse(json ?? '[]') as CellResult[]) results.set(result.cell, result);
    // npm installs (Jest, esbuild, miniflare with workerd) from the registry or its cache.
  }, 600_000);

  it.each(quick)('%s: every check of the scenario passes', (cell) => {
    const result = results.get(cell);
    expect(result, output).toBeDefined();
    expect(result!.failures, output).toEqual([]);
    expect(result!.passed).toBeGreaterThan(0);
  });
});
