// Projects outside the workspace for the consumer checks ("proven as published"): the packed
// tarballs and third-party packages installed with plain npm, once per test run for every check
// with the same package.json, each check working in a copy of its own.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { testRunDir } from './packed-packages.mjs';
import { withRunLock } from './run-lock.mjs';

/** Files that change what npm installs: copied in before the install, and part of its key. */
const installSettings = ['.npmrc'];

/** Written last into a finished install: a directory without it is half made (its maker was killed). */
const doneMark = '.medsched-installed';

/** Per-process directory of installs outside a test run (a package's own vitest), removed at exit. */
let processInstalls;
const processPrefix = 'medsched-installs-';

/** Per-process directories of test processes that are gone (vitest ends workers without running their exit handlers). */
function removeLeftovers() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(processPrefix)) continue;
    const pid = Number(name.slice(processPrefix.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if (error.code === 'ESRCH') rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/** Where the installs live: the run's directory under `vitest run` from the root, else one per process. */
function installsDir() {
  const runDir = testRunDir();
  if (runDir !== undefined) return join(runDir, 'installs');
  if (!processInstalls) {
    removeLeftovers();
    processInstalls = mkdtempSync(join(tmpdir(), `${processPrefix}${process.pid}-`));
    process.once('exit', () => rmSync(processInstalls, { recursive: true, force: true }));
  }
  return processInstalls;
}

/**
 * A copy of `from` at `to` whose files are hard links: what npm wrote, byte for byte and at the same
 * relative paths (symbolic links, node_modules/.bin among them, stay symbolic links), for a fraction
 * of a second instead of npm's 20 s. Copied where the file system refuses links.
 */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** npm as a user runs it: without the npm_config_* settings that pnpm hands to child processes. */
function plainNpmEnv() {
  // Under `pnpm test`, engine-strict among them refuses msw 3's Node-22-only dependencies on this
  // Node 20 npm, though the probe then runs them on Node 22.
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
}

/**
 * A project outside the workspace in a directory of the caller's own: `manifest` as its
 * package.json, the named tarballs in `packs/`, installed with plain `npm install`, then `files`
 * copied in. Under `vitest run` from the repository root, npm runs once per run for each distinct
 * package.json (and .npmrc, and tarballs): the first caller installs under a lock that the other
 * test processes wait on, and every caller gets a copy of that install made of hard links. A check
 * may change its copy's own files and folders (rename a package away, build into dist/), never
 * write into a file it did not make: that file is the shared install's too.
 * @param {{ manifest: Record<string, unknown>, packs: string, tarballs: string[], files?: Record<string, string> }} project
 *   `packs`: the directory of `packedWorkspacePackages`; `files`: name in the project → absolute source path
 * @returns {string} the project's directory
 */
export function consumerProject({ manifest, packs, tarballs, files = {} }) {
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const settings = installSettings.filter((name) => name in files).map((name) => [name, readFileSync(files[name], 'utf8')]);
  // The packs directory is named by the build it holds (packs-<build key>): a rebuild is a new install.
  const key = createHash('sha256')
    .update(JSON.stringify([text, settings, packs, [...tarballs].sort()]))
    .digest('hex')
    .slice(0, 16);
  const installs = installsDir();
  const installed = join(installs, key);
  if (!existsSync(join(installed, doneMark))) {
    mkdirSync(installs, { recursive: true });
    withRunLock(join(installs, `${key}.lock`), () => {
      if (existsSync(join(installed, doneMark))) return;
      rmSync(installed, { recursive: true, force: true });
      mkdirSync(join(installed, 'packs'), { recursive: true });
      writeFileSync(join(installed, 'package.json'), text);
      for (const [name, content] of settings) writeFileSync(join(installed, name), content);
      for (const tarball of tarballs) copyFileSync(join(packs, tarball), join(installed, 'packs', tarball));
      execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: installed, stdio: 'pipe', env: plainNpmEnv() });
      writeFileSync(join(installed, doneMark), '');
    });
  }
  const dir = join(installs, `${basename(installed)}-${process.pid}-${randomBytes(4).toString('hex')}`);
  linkTree(installed, dir);
  rmSync(join(dir, doneMark));
  for (const [name, source] of Object.entries(files)) {
    rmSync(join(dir, name), { recursive: true, force: true });
    cpSync(source, join(dir, name), { recursive: true });
  }
  return dir;
}
