#!/usr/bin/env node
// The ecosystem suite (after openai-node's ecosystem-tests): the packed SDK installed with plain
// npm in fresh projects outside the workspace, one per tool, each running scenario.cjs against
// the reference server and a fault proxy in front of it. Prints a table; exits 1 if a cell fails.
//
//   node packages/sdk/ecosystem-tests/run.mjs                 every cell
//   node packages/sdk/ecosystem-tests/run.mjs --only node-cjs,jest30-cjs
//   … --shared                                                one npm project for all the cells asked for
//   … --json                                                  the results as JSON on the last line
//
// Build first (`pnpm build`): the tarball is packed from dist/, the server runs from its dist/.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packWorkspacePackages } from '../../../scripts/packed-packages.mjs';
import { cells, projects } from './cells.mjs';
import { startFaultProxy } from './fault-proxy.mjs';

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

/** A fresh npm project in `dir`: the tarball and the tools, with npm's own resolution (no workspace, no lockfile of ours). */
function installProject(dir, tarball, deps) {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `ecosystem-${dir.split('/').pop()}`, private: true, version: '1.0.0' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--silent', tarball, ...deps], { cwd: dir, stdio: 'pipe' });
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

const work = packWorkspacePackages(['@medsched/sdk']);
const tarball = join(work, 'medsched-sdk.tgz');
const server = await startServer();
const proxy = await startFaultProxy(new URL(server.url).origin);
const runId = `${process.pid}-${Date.now().toString(36)}`;
const env = { baseUrl: server.url, proxyUrl: proxy.url, closedUrl: await closedUrl(), ...demo };

/**
 * The projects to install: as defined, or with `--shared` all of them merged into one npm project
 * (one install instead of several, for the quick subset inside `pnpm test`; the projects' files
 * have distinct names and their tools do not clash).
 */
function selectedProjects() {
  const wanted = Object.entries(projects)
    .map(([name, project]) => [name, { ...project, cells: Object.fromEntries(Object.entries(project.cells).filter(([cell]) => only.includes(cell))) }])
    .filter(([, project]) => Object.keys(project.cells).length > 0);
  if (!args.includes('--shared')) return wanted;
  const merged = { deps: [], files: {}, cells: {} };
  for (const [, project] of wanted) {
    merged.deps.push(...project.deps);
    for (const file of Object.keys(project.files)) if (file in merged.files) throw new Error(`--shared: two projects write ${file}`);
    Object.assign(merged.files, project.files);
    Object.assign(merged.cells, project.cells);
  }
  return [['shared', merged]];
}

const results = [];
try {
  for (const [projectName, project] of selectedProjects()) {
    const dir = join(work, projectName);
    mkdirSync(dir);
    let installError;
    const installStarted = performance.now();
    try {
      installProject(dir, tarball, project.deps);
      copyFileSync(join(here, 'scenario.cjs'), join(dir, 'scenario.cjs'));
      for (const [file, content] of Object.entries(project.files)) writeFileSync(join(dir, file), content);
    } catch (error) {
      installError = error;
    }
    console.error(`     ${projectName}: npm install ${project.deps.join(' ') || '(the tarball only)'} in ${Math.round(performance.now() - installStarted)} ms`);
    for (const [name, cell] of Object.entries(project.cells)) {
      let checks;
      const started = performance.now();
      try {
        if (installError) throw installError;
        checks = await cell.run(dir, { ...env, runId: `${runId}-${name}` });
      } catch (error) {
        checks = [{ name: 'cell', ok: false, detail: String(error.message ?? error) }];
      }
      const ms = Math.round(performance.now() - started);
      results.push({ cell: name, label: cell.label, passed: checks.filter((check) => check.ok).length, total: checks.length, failures: checks.filter((check) => !check.ok), ms });
      const last = results.at(-1);
      console.error(`${last.failures.length === 0 ? 'ok  ' : 'FAIL'} ${name}: ${last.passed}/${last.total} in ${ms} ms${last.failures.map((check) => `\n     ${check.name}: ${check.detail}`).join('')}`);
    }
  }
} finally {
  await proxy.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log(['| cell | setup | checks |', '|---|---|---|', ...results.map((result) => `| ${result.cell} | ${result.label} | ${result.failures.length === 0 ? '✅' : '❌'} ${result.passed}/${result.total} |`)].join('\n'));
if (args.includes('--json')) console.log(JSON.stringify(results));
process.exit(results.every((result) => result.failures.length === 0) ? 0 : 1);
