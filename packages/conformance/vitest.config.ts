import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'conformance',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Every test runs the whole rule set against a reference server (in-process or its own process).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
