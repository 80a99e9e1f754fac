import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-server',
    // Many tests start a server process or pack a tarball: seconds each on two shared cores.
    // Twice that (and more) when another full run loads the same two cores: a bound for a hung
    // test, not a performance budget (nothing is timed in tests; timings live in bench/).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ['test/**/*.test.ts'],
    // Consumer projects' own tests: run there, against the packed packages (test/*-consumer.test.ts).
    exclude: ['test/consumer/**', 'test/runners/**'],
    // The heap test calls gc() between rounds to measure what is really retained.
    execArgv: ['--expose-gc'],
  },
});
