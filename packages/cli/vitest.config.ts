import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Builds dist/bin.js once per run: the tests run the built CLI as a child process.
    globalSetup: ['test/support/global-setup.ts'],
    // Every test drives the built CLI over HTTP; one server per file, files in parallel.
    // Twice that (and more) when another full run loads the same two cores: a bound for a hung
    // test, not a performance budget (nothing is timed in tests; timings live in bench/).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
