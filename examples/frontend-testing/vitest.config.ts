import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-frontend-testing',
    include: ['test/**/*.test.ts'],
    // The browser tests serve the built page: build it once, before any of them.
    globalSetup: ['test/build-page.ts'],
    // Building the page and starting Chromium take a while on two shared cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
