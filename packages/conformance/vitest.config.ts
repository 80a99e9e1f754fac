import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'conformance',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Every test runs the whole rule set against a reference server (in-process or its own process).
    // Twice that (and more) when another full run loads the same two cores: a bound for a hung
    // test, not a performance budget (nothing is timed in tests; timings live in bench/).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
