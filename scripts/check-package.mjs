#!/usr/bin/env node
// A package's `check:package`: publint (strict) and, given its options, Are the Types Wrong, both
// on one tarball packed once, by `pnpm pack`: the tarball that is published (`workspace:` versions
// rewritten), where `npm pack` left them as they are. It is also 1 CPU-second where `npm pack`,
// which reads the whole workspace's node_modules first, took 4 to 6.5 a package.
//
//   node ../../scripts/check-package.mjs                      publint only
//   node ../../scripts/check-package.mjs --attw [attw options] publint, then attw with these options
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pnpmCommand } from './pnpm-command.mjs';

const args = process.argv.slice(2);
const attwArgs = args[0] === '--attw' ? args.slice(1) : undefined;
if (args.length > 0 && !attwArgs) {
  console.error(`unknown arguments: ${args.join(' ')}; usage: check-package.mjs [--attw [attw options]]`);
  process.exit(2);
}

const destination = mkdtempSync(join(tmpdir(), 'medsched-check-package-'));
try {
  // The package in the current directory, as `pnpm publish` would pack it.
  const [command, commandArgs] = pnpmCommand(['pack', '--json', '--pack-destination', destination]);
  const { filename } = JSON.parse(execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const tarball = join(destination, basename(filename));
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
