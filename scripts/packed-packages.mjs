// Workspace packages as they would be published, for the tests and benchmarks that install them
// with plain npm in a project outside the workspace ("proven as published").
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** The built files a package's manifest points at (`main`, `module`, `bin`). */
function entryFiles(manifest) {
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  return [manifest.main, manifest.module, ...bins].filter((file) => typeof file === 'string');
}

/**
 * Packs workspace packages as they would be published (`pnpm pack`: workspace versions
 * rewritten, only the `files` of each package) into a new temporary directory, named
 * `<scope>-<name>.tgz` without the version, e.g. `medsched-mock-server.tgz`.
 * @param {string[]} names package names, e.g. `['@medsched/sdk']`
 * @returns {string} the directory of the tarballs
 */
export function packWorkspacePackages(names) {
  for (const name of names) {
    // A tarball without its built files installs fine and fails later with "Cannot find module": say why now.
    const dir = join(repositoryRoot, 'packages', name.replace(/^@medsched\//, ''));
    const missing = entryFiles(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).filter((file) => !existsSync(join(dir, file)));
    if (missing.length > 0) {
      throw new Error(`${name} is not built (no ${missing.join(', ')}): run \`npx -y pnpm@10.34.9 --filter ${name} build\` first`);
    }
  }
  const destination = mkdtempSync(join(tmpdir(), 'medsched-packs-'));
  const filters = names.flatMap((name) => ['--filter', name]);
  execFileSync('npx', ['-y', 'pnpm@10.34.9', ...filters, 'pack', '--pack-destination', destination], { cwd: repositoryRoot, stdio: 'pipe' });
  for (const file of readdirSync(destination)) {
    renameSync(join(destination, file), join(destination, file.replace(/-\d+\.\d+\.\d+(?:-[\w.]+)?\.tgz$/, '.tgz')));
  }
  return destination;
}
