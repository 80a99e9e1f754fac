// A test's temporary directory: inside the run's directory under `vitest run` from the root, so
// that it goes when the run ends (scripts/test-run-setup.mjs), else in the system's. Made in the
// system's directory, the CLI's config directories alone were about 700 left behind a run.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testRunDir } from './packed-packages.mjs';

/** A new empty directory whose name starts with `prefix` (`medsched-cli-`). */
export function testTempDir(prefix) {
  const runDir = testRunDir();
  const parent = runDir === undefined ? tmpdir() : join(runDir, 'temp');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}
