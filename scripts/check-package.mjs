#!/usr/bin/env node
// A package's `check:package`: publint (strict) and, given its options, Are the Types Wrong, both
// on one tarball packed once. `publint --pack npm` and `attw --pack .` each ran `npm pack` of their
// own: two packs a package, every `pnpm test`.
//
//   node ../../scripts/check-package.mjs                      publint only
//   node ../../scripts/check-package.mjs --attw [attw options] publint, then attw with these options
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const attwArgs = args[0] === '--attw' ? args.slice(1) : undefined;
if (args.length > 0 && !attwArgs) {
  console.error(`unknown arguments: ${args.join(' ')}; usage: check-package.mjs [--attw [attw options]]`);
  process.exit(2);
}

const destination = mkdtempSync(join(tmpdir(), 'medsched-check-package-'));
try {
  // What both tools packed before: `npm pack` of the package in the current directory.
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--silent', '--pack-destination', destination], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const tarball = join(destination, filename);
  // publint and attw from the workspace root's devDependencies (on PATH under `pnpm run`).
  execFileSync('publint', ['run', tarball, '--strict'], { stdio: 'inherit' });
  if (attwArgs) execFileSync('attw', [tarball, ...attwArgs], { stdio: 'inherit' });
} catch (error) {
  // The tools have printed what is wrong; their exit code is ours.
  process.exitCode = typeof error.status === 'number' && error.status !== 0 ? error.status : 1;
  if (typeof error.status !== 'number') console.error(error.message);
} finally {
  rmSync(destination, { recursive: true, force: true });
}
