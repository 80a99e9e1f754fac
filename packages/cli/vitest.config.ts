import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Builds dist/bin.js once per run: the tests run the built CLI as a child process.
    globalSetup: ['test/support/global-setup.ts'],
    // Every test drives the built CLI over HTTP; one server per file, files in parallel.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
