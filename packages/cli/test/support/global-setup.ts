import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What dist/ is built from: the CLI's sources and build settings, and the builds it bundles (SDK, conformance). */
const inputs = ['src', 'tsup.config.ts', 'package.json', '../sdk/dist', '../conformance/dist'];
/** What the tests use of dist/: the bin, the in-process entry, and the saved help the build writes last. */
const outputs = ['dist/bin.js', 'dist/main.js', 'dist/run.js', 'dist/top-level-help.txt'];

/** The newest modification time under `path` (a file or a folder, recursively), tests beside the sources left out (they are not built). */
function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const inside = readdirSync(path).filter((name) => !name.endsWith('.test.ts'));
  return Math.max(stat.mtimeMs, ...inside.map((name) => newestChange(join(path, name))));
}

/** True when every output exists and is newer than every input: `pnpm build` just made it. */
function distIsCurrent(): boolean {
  if (!outputs.every((output) => existsSync(join(packageDir, output)))) return false;
  const built = Math.min(...outputs.map((output) => statSync(join(packageDir, output)).mtimeMs));
  return inputs.every((input) => newestChange(join(packageDir, input)) <= built);
}

/**
 * Builds the CLI once for the whole run, unless dist/ is newer than all it is built from (the
 * root `pnpm test` builds first): the tests run dist/run.js in-process and dist/bin.js as a process.
 * The SDK and reference server are other packages; their builds are checked, not made here.
 */
export default function setup(): void {
  for (const dependency of ['../sdk/dist/index.js', '../reference-server/dist/node/index.js']) {
    if (!existsSync(join(packageDir, dependency))) {
      throw new Error(`${dependency} is missing: build the workspace first (npx -y pnpm@10.34.9 build)`);
    }
  }
  if (distIsCurrent()) return;
  execFileSync(process.execPath, [join(packageDir, '../../node_modules/tsup/dist/cli-default.js'), '--silent'], { cwd: packageDir, stdio: 'inherit' });
}
