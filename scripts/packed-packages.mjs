// Workspace packages as they would be published, for the tests and benchmarks that install them
// with plain npm in a project outside the workspace ("proven as published").
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinnedPnpm, pnpmCommand } from './pnpm-command.mjs';
import { withRunLock } from './run-lock.mjs';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** The environment variable naming the directory of one test run (set by scripts/test-run-setup.mjs). */
export const testRunDirVariable = 'MEDSCHED_TEST_RUN_DIR';

/** The directory of the test run under way (`vitest run` from the root), or undefined outside one. */
export function testRunDir() {
  const runDir = process.env[testRunDirVariable];
  return runDir && existsSync(runDir) ? runDir : undefined;
}

/** The built files a package's manifest points at (`main`, `module`, `bin`). */
function entryFiles(manifest) {
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  return [manifest.main, manifest.module, ...bins].filter((file) => typeof file === 'string');
}

const packageDir = (name) => join(repositoryRoot, 'packages', name.replace(/^@medsched\//, ''));

/** The tarball name a package gets here: `<scope>-<name>.tgz`, without the version. */
const tarballOf = (name) => `${name.replace(/^@/, '').replace('/', '-')}.tgz`;

/** A tarball without its built files installs fine and fails later with "Cannot find module": say why now. */
function assertBuilt(names) {
  for (const name of names) {
    const dir = packageDir(name);
    const missing = entryFiles(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).filter((file) => !existsSync(join(dir, file)));
    if (missing.length > 0) {
      throw new Error(`${name} is not built (no ${missing.join(', ')}): run \`npx -y ${pinnedPnpm} --filter ${name} build\` first`);
    }
  }
}

/** `pnpm pack` of the named packages into `destination`, renamed to `<scope>-<name>.tgz`. */
function packInto(names, destination) {
  const filters = names.flatMap((name) => ['--filter', name]);
  const [command, args] = pnpmCommand([...filters, 'pack', '--pack-destination', destination]);
  execFileSync(command, args, { cwd: repositoryRoot, stdio: 'pipe' });
  for (const file of readdirSync(destination)) {
    renameSync(join(destination, file), join(destination, file.replace(/-\d+\.\d+\.\d+(?:-[\w.]+)?\.tgz$/, '.tgz')));
  }
}

/**
 * Packs workspace packages as they would be published (`pnpm pack`: workspace versions
 * rewritten, only the `files` of each package) into a new temporary directory, named
 * `<scope>-<name>.tgz` without the version, e.g. `medsched-mock-server.tgz`. The caller owns
 * the directory (and removes it).
 * @param {string[]} names package names, e.g. `['@medsched/sdk']`
 * @returns {string} the directory of the tarballs
 */
export function packWorkspacePackages(names) {
  assertBuilt(names);
  const destination = mkdtempSync(join(tmpdir(), 'medsched-packs-'));
  packInto(names, destination);
  return destination;
}

/**
 * What the tarballs are made of: each package's manifest and built files (path, size, mtime). A
 * rebuild between two test runs of one watch session changes it, and the packages are packed again.
 */
function buildKey() {
  const hash = createHash('sha256');
  for (const name of readdirSync(join(repositoryRoot, 'packages')).sort()) {
    const dir = join(repositoryRoot, 'packages', name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    for (const file of ['package.json', ...(existsSync(join(dir, 'dist')) ? readdirSync(join(dir, 'dist'), { recursive: true }).map((entry) => join('dist', String(entry))) : [])].sort()) {
      const stat = statSync(join(dir, file));
      if (stat.isFile()) hash.update(`${name}/${file} ${stat.size} ${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Every workspace package that is built, by name. */
function builtWorkspacePackages() {
  return readdirSync(join(repositoryRoot, 'packages'))
    .filter((dir) => existsSync(join(repositoryRoot, 'packages', dir, 'package.json')))
    .map((dir) => JSON.parse(readFileSync(join(repositoryRoot, 'packages', dir, 'package.json'), 'utf8')))
    .filter((manifest) => !manifest.private && entryFiles(manifest).every((file) => existsSync(join(packageDir(manifest.name), file))))
    .map((manifest) => manifest.name);
}

/** Per-process directories of `packedWorkspacePackages` outside a test run, removed at exit. */
const processPacks = new Map();

/**
 * The tarballs of the named packages, packed once per test run for every consumer test: under
 * `vitest run` from the repository root (scripts/test-run-setup.mjs names the run's directory),
 * the first caller packs every built workspace package at once, under a lock that the other test
 * processes wait on; later callers with the same build get the same directory. Outside such a
 * run (a package's own vitest), once per process. Read only: callers copy or install from it,
 * never move or remove its files (the run's teardown removes it).
 * @param {string[]} names package names, e.g. `['@medsched/sdk']`
 * @returns {string} the directory of the tarballs, `<scope>-<name>.tgz`
 */
export function packedWorkspacePackages(names) {
  assertBuilt(names);
  const runDir = testRunDir();
  if (runDir === undefined) {
    const key = [...names].sort().join(' ');
    if (!processPacks.has(key)) {
      const dir = packWorkspacePackages(names);
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      processPacks.set(key, dir);
    }
    return processPacks.get(key);
  }
  const packs = join(runDir, `packs-${buildKey()}`);
  const present = () => names.every((name) => existsSync(join(packs, tarballOf(name))));
  if (present()) return packs;
  withRunLock(join(runDir, 'packs.lock'), () => {
    if (present()) return;
    mkdirSync(packs, { recursive: true });
    // Everything that is built, in one pnpm call: the next consumer test finds its tarballs ready.
    const wanted = [...new Set([...builtWorkspacePackages(), ...names])].filter((name) => !existsSync(join(packs, tarballOf(name))));
    const staging = mkdtempSync(join(runDir, 'staging-'));
    packInto(wanted, staging);
    // Renamed in one by one, whole: a reader that finds a tarball finds all of it.
    for (const file of readdirSync(staging)) renameSync(join(staging, file), join(packs, file));
    rmSync(staging, { recursive: true, force: true });
  });
  return packs;
}
