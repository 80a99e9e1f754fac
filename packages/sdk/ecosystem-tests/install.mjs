// Setting up a cell's project outside the workspace, in one of two ways:
// - from the npm registry (the whole matrix): plain `npm install` of the packed tarball and the
//   tools, in a project kept in a cache directory so that a second run only reinstalls the SDK;
// - from the workspace (the quick subset in `pnpm test`, which must work from the lockfile alone):
//   the tarball unpacked where npm would put it, its dependencies copied from the workspace's
//   install, the tools linked from the SDK's devDependencies. No registry, no npm.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Where the registry-installed projects are kept between runs: outside the repository, so that
 * Node's and TypeScript's lookups walking up from a project never reach the workspace's own
 * node_modules (a cell must see only what npm installed for it).
 */
export const cacheRoot = process.env.MEDSCHED_ECOSYSTEM_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'medsched-ecosystem');

/** `name@range` or `alias@npm:name@range` → its name in node_modules and its range. */
function parseSpec(spec) {
  const at = spec.lastIndexOf('@');
  const name = at > 0 ? spec.slice(0, at) : spec;
  const alias = name.indexOf('@npm:');
  return alias > 0 ? { name: name.slice(0, alias), range: spec.slice(at + 1) } : { name, range: at > 0 ? spec.slice(at + 1) : '' };
}

const writeManifest = (dir, name) => {
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `ecosystem-${name}`, private: true, version: '1.0.0' }, null, 2));
};

/**
 * A project from the npm registry, kept in the cache under a name that changes with its tools, so
 * that a second run finds them installed. The SDK is installed afresh every time: its tarball is
 * named by its content, so npm replaces the previous one.
 * @returns {string} the project's directory
 */
export function installFromRegistry({ name, tarball, deps, withSdk = true }) {
  const key = createHash('sha256').update(JSON.stringify(deps)).digest('hex').slice(0, 10);
  const dir = join(cacheRoot, `${name}-${key}`);
  mkdirSync(dir, { recursive: true });
  writeManifest(dir, name);
  const specs = [...deps];
  if (withSdk) {
    const sum = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 12);
    const local = `medsched-sdk-${sum}.tgz`;
    for (const file of readdirSync(dir)) if (file.startsWith('medsched-sdk-') && file !== local) rmSync(join(dir, file));
    copyFileSync(tarball, join(dir, local));
    specs.unshift(`./${local}`);
  }
  // --engine-strict=false: run through `pnpm test:ecosystem`, npm inherits the workspace's
  // engine-strict from pnpm's environment, and the test tools' own engines (puppeteer-core 25
  // asks for Node 22, and drives Firefox from Node 20 fine) would stop a cell that the SDK passes.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--engine-strict=false', ...specs], { cwd: dir, stdio: 'pipe' });
  return dir;
}

/** The workspace's installed copy of a package: the SDK's own dependencies first, then the root's. */
function workspacePackage(name) {
  for (const base of [sdkDir, repositoryRoot]) {
    const candidate = join(base, 'node_modules', name);
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error(`${name} is not installed in the workspace: it must be a devDependency of @medsched/sdk for the quick subset (pnpm install --frozen-lockfile)`);
}

/** Links a package into the project's node_modules, with its commands in node_modules/.bin. */
function linkPackage(dir, name, target) {
  const at = join(dir, 'node_modules', name);
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, 'dir');
  const { bin } = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
  const bins = typeof bin === 'string' ? { [name.split('/').pop()]: bin } : (bin ?? {});
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  for (const [command, file] of Object.entries(bins)) symlinkSync(relative(join(dir, 'node_modules', '.bin'), join(at, file)), join(dir, 'node_modules', '.bin', command));
}

/**
 * A project in `work` made from the workspace alone: the tarball unpacked as npm would, its
 * dependencies copied from the workspace's install (the versions of the lockfile), the tools
 * linked. A tool whose major is not the one the cell asks for is an error, not a quiet substitute.
 * @returns {string} the project's directory
 */
export function installFromWorkspace({ name, tarball, deps, work }) {
  const dir = join(work, name);
  const sdk = join(dir, 'node_modules', '@medsched', 'sdk');
  mkdirSync(sdk, { recursive: true });
  writeManifest(dir, name);
  execFileSync('tar', ['xzf', tarball, '-C', sdk, '--strip-components=1'], { stdio: 'pipe' });
  for (const dependency of Object.keys(JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8')).dependencies ?? {})) {
    cpSync(workspacePackage(dependency), join(dir, 'node_modules', dependency), { recursive: true, dereference: true });
  }
  for (const spec of deps) {
    const { name: tool, range } = parseSpec(spec);
    const target = workspacePackage(tool);
    const { version } = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    if (range && version !== range && !version.startsWith(`${range}.`)) throw new Error(`the workspace has ${tool} ${version}, the cell wants ${spec}`);
    linkPackage(dir, tool, target);
  }
  return dir;
}
