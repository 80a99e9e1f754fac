import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './scripts/test-order/slow-first-sequencer.mjs';

// One run over every package; each package's own vitest.config.ts names its project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts'],
    // Each project sets its own (60 s a test, 120 s a hook: bounds for a hung test on loaded cores).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three test files at a time on two cores (vitest would pick one): most tests wait on child
    // processes (servers, npm, tsc, Vite, Chromium) and sockets, and the other files fill the waits.
    // Measured on fresh clones of a 2-core machine: 2 workers 521 s, 3 workers 484 s, 4 workers 548 s.
    maxWorkers: 3,
    // The run's directory: the consumer tests pack the workspace packages into it once, for all of them.
    globalSetup: ['scripts/test-run-setup.mjs'],
    // The files that took longest first, so that none starts last and runs alone (scripts/test-order/).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
