#!/usr/bin/env node
// The ecosystem suite (after openai-node's ecosystem-tests): the packed SDK installed in fresh
// projects outside the workspace, one per tool, each running scenario.cjs against the reference
// server and a fault proxy in front of it. Prints a table (cell, result, time); exits 1 if a cell fails.
//
//   node packages/sdk/ecosystem-tests/run.mjs                       every cell (npm registry, cached)
//   … --only node20-cjs,jest30-node22                              some cells
//   … --from-workspace                                              tools from the lockfile, no npm (the quick subset)
//   … --fresh                                                       empty the install cache first
//   … --json                                                        the results as JSON on the last line
//
// Build first (`pnpm build`): the tarball is packed from dist/, the server runs from its dist/.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedWorkspacePackages } from '../../../scripts/packed-packages.mjs';
import { cells, projects } from './cells.mjs';
import { startFaultProxy } from './fault-proxy.mjs';
import { cacheRoot, installFromRegistry, installFromWorkspace } from './install.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const serverBin = fileURLToPath(new URL('../../reference-server/dist/node/bin.js', import.meta.url));
const demo = { apiKey: 'msk_demo_sonnen_admin', organization: '64d001000000000000000001', patient: '64d002000000000000000003' };

/** Starts the reference server on a free port; resolves with its base URL and a stop function. */
function startServer() {
  const child = spawn(process.execPath, [serverBin, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/.exec(output);
      if (match && match[2] !== '0') resolve({ url: match[1], stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`the reference server exited with ${code}: ${output}`)));
  });
}

/** A loopback URL nothing listens on: a port the system gave us, closed again. */
async function closedUrl() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

const args = process.argv.slice(2);
const fromWorkspace = args.includes('--from-workspace');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : Object.keys(cells);
const unknown = only.filter((name) => !(name in cells));
if (unknown.length > 0) {
  console.error(`unknown cells: ${unknown.join(', ')}; known: ${Object.keys(cells).join(', ')}`);
  process.exit(2);
}
if (!existsSync(serverBin)) {
  console.error('the reference server is not built: run `pnpm build` first');
  process.exit(2);
}
if (args.includes('--fresh')) rmSync(cacheRoot, { recursive: true, force: true });

/** The projects to set up, in order (those others use first), each with its npm dependencies. */
function plannedProjects() {
  const chosen = only.map((name) => cells[name]);
  const needed = new Set(chosen.flatMap((cell) => [...(cell.uses ?? []), cell.project]));
  return Object.keys(projects)
    .filter((name) => needed.has(name))
    .map((name) => {
      const project = projects[name];
      const mine = chosen.filter((cell) => cell.project === name);
      // From the registry every cell's deps, so that one cached project serves any choice of its cells;
      // from the workspace only the chosen cells' (the others' tools are not in the lockfile).
      const deps = [...new Set([...project.deps, ...(fromWorkspace ? mine : Object.values(project.cells)).flatMap((cell) => cell.deps ?? [])])];
      return { name, project, deps, cells: mine.map((cell) => Object.keys(cells).find((key) => cells[key] === cell)) };
    });
}

// Under `vitest run` (the quick subset), the SDK the whole test run packed once; read only.
const tarball = join(packedWorkspacePackages(['@medsched/sdk']), 'medsched-sdk.tgz');
// The projects set up from the workspace, removed at the end.
const work = mkdtempSync(join(tmpdir(), 'medsched-ecosystem-'));
const scenarioCjs = readFileSync(join(here, 'scenario.cjs'), 'utf8');
// The same scenario as an ES module, for the browser bundles (no CommonJS plugin needed in any bundler).
const scenarioMjs = scenarioCjs.replace("'use strict';", '').replace('module.exports = { runScenario };', 'export { runScenario };');
if (!scenarioMjs.includes('export { runScenario };')) throw new Error('scenario.cjs must end with module.exports = { runScenario };');

const server = await startServer();
const proxy = await startFaultProxy(new URL(server.url).origin);
const runId = `${process.pid}-${Date.now().toString(36)}`;
const env = { baseUrl: server.url, proxyUrl: proxy.url, closedUrl: await closedUrl(), ...demo };

const dirs = new Map();
const installErrors = new Map();
const ctxOf = (project) => ({ dir: dirs.get(project), dirOf: (name) => dirs.get(name) });
const results = [];
try {
  for (const { name, project, deps, cells: names } of plannedProjects()) {
    const started = performance.now();
    try {
      const withSdk = project.withSdk !== false;
      const dir = fromWorkspace ? installFromWorkspace({ name, tarball, deps, work }) : installFromRegistry({ name, tarball, deps, withSdk });
      writeFileSync(join(dir, 'scenario.cjs'), scenarioCjs);
      writeFileSync(join(dir, 'scenario.mjs'), scenarioMjs);
      for (const [file, content] of Object.entries(project.files)) {
        mkdirSync(join(dir, file, '..'), { recursive: true });
        writeFileSync(join(dir, file), content);
      }
      dirs.set(name, dir);
    } catch (error) {
      installErrors.set(name, `setting up ${name} failed: ${String(error.stderr ?? '').trim() || error.message}`);
    }
    console.error(`     ${name}: ${fromWorkspace ? 'from the workspace' : `npm install ${deps.join(' ') || '(the tarball only)'}`} in ${Math.round(performance.now() - started)} ms`);
    for (const cellName of names) {
      const cell = cells[cellName];
      let checks;
      const started = performance.now();
      try {
        for (const needed of [cell.project, ...(cell.uses ?? [])]) if (installErrors.has(needed)) throw new Error(installErrors.get(needed));
        checks = await cell.run(ctxOf(cell.project), { ...env, runId: `${runId}-${cellName}` });
      } catch (error) {
        checks = [{ name: 'cell', ok: false, detail: String(error.message ?? error) }];
      }
      const ms = Math.round(performance.now() - started);
      results.push({ cell: cellName, label: cell.label, passed: checks.filter((check) => check.ok).length, total: checks.length, failures: checks.filter((check) => !check.ok), ms });
      const last = results.at(-1);
      console.error(
        `${last.failures.length === 0 ? 'ok  ' : 'FAIL'} ${cellName}: ${last.passed}/${last.total} in ${ms} ms${last.failures.map((check) => `\n     ${check.name}: ${check.detail}`).join('')}`,
      );
    }
  }
} finally {
  await proxy.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  [
    '| cell | setup | result | time |',
    '|---|---|---|---|',
    ...results.map((result) => `| ${result.cell} | ${result.label} | ${result.failures.length === 0 ? '✅' : '❌'} ${result.passed}/${result.total} | ${seconds(result.ms)} |`),
  ].join('\n'),
);
if (args.includes('--json')) console.log(JSON.stringify(results));
process.exit(results.every((result) => result.failures.length === 0) ? 0 : 1);
