import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    // Many tests start a server process or pack a tarball: seconds each on two shared cores.
    // Twice that (and more) when another full run loads the same two cores: a bound for a hung
    // test, not a performance budget (nothing is timed in tests; timings live in bench/).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ['test/**/*.test.ts'],
    // Test files share a worker's loaded modules instead of loading them again per file: about a
    // quarter less CPU for this package (its imports were most of its time). Test files therefore
    // must not leave state behind in modules or globals (see test/support/persistence-bin.ts).
    isolate: false,
    environment: 'node',
  },
});
