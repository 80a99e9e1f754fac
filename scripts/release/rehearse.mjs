#!/usr/bin/env node
// The release rehearsal (`pnpm release:rehearse`): publishes every public package to a throw-away
// registry on loopback as `pnpm publish` would, installs them by name with plain npm in a fresh
// project, and runs them as users do. Nothing leaves this machine but npm installs of
// third-party packages from the usual registry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmCommand } from '../pnpm-command.mjs';
import { checkAsInstalled } from './consumer-checks.mjs';
import { installRegistry, startRegistry } from './local-registry.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = new Set(process.argv.slice(2));
if (args.has('--help')) {
  console.log('Usage: pnpm release:rehearse [--no-build] [--keep]\n  --no-build  use the packages as built\n  --keep      keep the registry data and the consumer project');
  process.exit(0);
}
// The pnpm that runs this script (`pnpm release:rehearse`), else the one package.json pins.
const pnpm = (argv, env = {}) => {
  const [command, commandArgs] = pnpmCommand(argv);
  execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
};

/** The packages a release publishes: every package under packages/ that is not private. */
const publicPackages = readdirSync(join(root, 'packages'))
  .map((dir) => join(root, 'packages', dir, 'package.json'))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')))
  .filter((manifest) => !manifest.private)
  .map((manifest) => manifest.name)
  .sort();

if (!args.has('--no-build')) pnpm(['build']);
const toolDir = join(root, 'node_modules', '.cache', 'medsched-release-registry');
installRegistry(toolDir);
const dataDir = mkdtempSync(join(tmpdir(), 'medsched-registry-'));
const registry = await startRegistry(toolDir, dataDir);
const results = [];
let projectDir;
try {
  const host = new URL(registry.url).host;
  const userConfig = join(dataDir, 'publish.npmrc');
  writeFileSync(userConfig, `//${host}/:_authToken=${registry.token}\n`);
  // As a release publishes: pnpm rewrites workspace: ranges to the versions being published.
  pnpm(['-r', '--filter', './packages/**', 'publish', '--registry', registry.url, '--no-git-checks', '--access', 'public'], { npm_config_userconfig: userConfig });
  for (const name of publicPackages) {
    const answer = await fetch(`${registry.url}${name.replace('/', '%2f')}`);
    results.push({ name: `${name} published`, ok: answer.ok, detail: answer.ok ? Object.keys((await answer.json()).versions ?? {}).join(', ') : `HTTP ${answer.status}` });
  }
  // Each package's own checks (its `check:package` script), run on the tarball the registry serves.
  const lint = (name, tarball) => {
    const script = JSON.parse(readFileSync(join(root, 'packages', name.replace('@medsched/', ''), 'package.json'), 'utf8')).scripts?.['check:package'] ?? '';
    execFileSync(join(root, 'node_modules', '.bin', 'publint'), ['run', tarball, '--strict'], { stdio: 'pipe' });
    const attw = /attw --pack \. ([^&]*)/.exec(script);
    if (attw) execFileSync(join(root, 'node_modules', '.bin', 'attw'), [tarball, ...attw[1].trim().split(/\s+/)], { stdio: 'pipe' });
  };
  projectDir = await checkAsInstalled({ registryUrl: registry.url, packages: publicPackages, lint }, results);
} finally {
  await registry.stop();
  if (!args.has('--keep')) {
    rmSync(dataDir, { recursive: true, force: true });
    if (projectDir) rmSync(projectDir, { recursive: true, force: true });
  }
}

for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${result.detail ? `: ${result.detail.split('\n').slice(0, 8).join('\n      ')}` : ''}`);
const failed = results.filter((result) => !result.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
if (args.has('--keep')) console.log(`kept: ${dataDir}${projectDir ? ` and ${projectDir}` : ''}`);
process.exit(failed === 0 ? 0 : 1);
