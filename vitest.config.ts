import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './scripts/test-order/slow-first-sequencer.mjs';

// One run over every package; each package's own vitest.config.ts names its project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts'],
    // Each project sets its own (60 s a test, 120 s a hook: bounds for a hung test on loaded cores).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two test files at a time, though vitest would pick one on two cores: most tests wait on child
    // processes (servers, npm, tsc, Vite, Chromium) and sockets, so a second file fills the waits.
    maxWorkers: 2,
    // The run's directory: the consumer tests pack the workspace packages into it once, for all of them.
    globalSetup: ['scripts/test-run-setup.mjs'],
    // Within each project, the files that took longest first, so that none starts last and runs alone.
    sequence: { sequencer: SlowFirstSequencer },
  },
});
