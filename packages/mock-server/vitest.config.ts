import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-server',
    include: ['test/**/*.test.ts'],
    // Consumer projects' own tests: run there, against the packed packages (test/*-consumer.test.ts).
    exclude: ['test/consumer/**'],
    // The heap test calls gc() between rounds to measure what is really retained.
    execArgv: ['--expose-gc'],
  },
});
