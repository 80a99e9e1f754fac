// Vitest's global set-up for the whole run (root vitest.config.ts): a directory for this run only,
// named to the test processes in MEDSCHED_TEST_RUN_DIR, where the consumer tests find the workspace
// packages packed once (scripts/packed-packages.mjs). Removed when the run ends.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testRunDirVariable } from './packed-packages.mjs';

/** Makes the run's directory; returns the teardown that removes it. */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'medsched-test-run-'));
  // Set before vitest starts its test processes, which inherit it.
  process.env[testRunDirVariable] = dir;
  return async () => {
    delete process.env[testRunDirVariable];
    await removeRunDir(dir);
  };
}

/**
 * The run's directory holds the consumer projects: hundreds of thousands of hard links. A
 * synchronous rmSync took about 15 s at the end of every run, during which vitest could not even
 * hear its workers exit ("Timeout terminating forks worker"). Two `rm -rf` processes, each on half
 * of the projects, still took about 13 s on a 2-core run, but vitest stays responsive meanwhile;
 * Node's own `rm` where there is no `rm` to run.
 */
async function removeRunDir(dir) {
  const installs = join(dir, 'installs');
  const projects = existsSync(installs) ? readdirSync(installs).map((name) => join(installs, name)) : [];
  const halves = [projects.filter((_, index) => index % 2 === 0), projects.filter((_, index) => index % 2 === 1)].filter((half) => half.length > 0);
  try {
    await Promise.all(halves.map((half) => removeWithRm(half)));
  } catch {
    // Whatever is left, Node removes below.
  }
  await rm(dir, { recursive: true, force: true });
}

function removeWithRm(paths) {
  return new Promise((resolve, reject) => {
    const child = spawn('rm', ['-rf', '--', ...paths], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`rm exited with ${code}`))));
  });
}
