import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Packs workspace packages as they would be published (`pnpm pack`: workspace versions
 * rewritten, only the `files` of each package) into a new temporary directory, named
 * `<scope>-<name>.tgz` without the version, e.g. `medsched-mock-server.tgz`.
 */
export function packWorkspacePackages(names: string[]): string {
  const destination = mkdtempSync(join(tmpdir(), 'medsched-packs-'));
  const filters = names.flatMap((name) => ['--filter', name]);
  execFileSync('npx', ['-y', 'pnpm@10.34.9', ...filters, 'pack', '--pack-destination', destination], { cwd: repositoryRoot, stdio: 'pipe' });
  for (const file of readdirSync(destination)) {
    renameSync(join(destination, file), join(destination, file.replace(/-\d+\.\d+\.\d+(?:-[\w.]+)?\.tgz$/, '.tgz')));
  }
  return destination;
}
