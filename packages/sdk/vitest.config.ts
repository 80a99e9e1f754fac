import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    // Many tests start a server process or pack a tarball: seconds each on two shared cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
