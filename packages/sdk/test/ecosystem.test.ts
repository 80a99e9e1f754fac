/**
 * The quick subset of the ecosystem suite (ecosystem-tests/, the whole matrix is
 * `pnpm test:ecosystem`): the packed tarball unpacked in fresh projects outside the workspace, its
 * dependencies and the tools taken from the workspace's install (the lockfile: no registry, as on
 * CI), then the same scenario of real calls (pages, a replayed create, typed 404, abort, timeout,
 * 503 then 200, a create whose connection drops after the server wrote it) run by Node's require
 * and import, by Jest 30 in its default CommonJS mode, from an esbuild-minified bundle, inside
 * Cloudflare's workerd, and in headless Chromium from an esbuild bundle under a strict CSP.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverBuilt } from './support/reference-server.js';

const runner = fileURLToPath(new URL('../ecosystem-tests/run.mjs', import.meta.url));
const node = process.versions.node.split('.')[0];
const quick = [`node${node}-cjs`, `node${node}-esm`, `jest30-node${node}`, 'esbuild-minified', 'workerd', 'chromium-esbuild'];

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
    const child = spawn(process.execPath, [runner, '--only', quick.join(','), '--from-workspace', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('close', resolve));
    const json = output
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.startsWith('[{'));
    for (const result of JSON.parse(json ?? '[]') as CellResult[]) results.set(result.cell, result);
  }, 600_000);

  it.each(quick)('%s: every check of the scenario passes', (cell) => {
    const result = results.get(cell);
    expect(result, output).toBeDefined();
    expect(result!.failures, output).toEqual([]);
    expect(result!.passed).toBeGreaterThan(0);
  });
});
