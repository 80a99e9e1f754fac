// Vitest's global set-up for the whole run (root vitest.config.ts): a directory for this run only,
// named to the test processes in MEDSCHED_TEST_RUN_DIR, where the consumer tests find the workspace
// packages packed once (scripts/packed-packages.mjs). Removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testRunDirVariable } from './packed-packages.mjs';

/** Makes the run's directory; returns the teardown that removes it. */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'medsched-test-run-'));
  // Set before vitest starts its test processes, which inherit it.
  process.env[testRunDirVariable] = dir;
  return () => {
    delete process.env[testRunDirVariable];
    rmSync(dir, { recursive: true, force: true });
  };
}
