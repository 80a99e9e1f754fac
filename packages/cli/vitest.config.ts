import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    // A command's own tests sit beside it (src/commands/<command>/*.test.ts); tests across commands in test/.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Builds dist/bin.js once per run: the tests run the built CLI as a child process.
    globalSetup: ['test/support/global-setup.ts'],
    // Every test drives the built CLI over HTTP; one server per file, files in parallel.
    // Generous: a test starts up to a dozen CLI processes, and on a loaded two-core runner (another
    // full run beside this one) each start can take seconds. The timeout only guards against hangs.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
