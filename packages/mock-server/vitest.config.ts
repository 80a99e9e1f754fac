import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-server',
    include: ['test/**/*.test.ts'],
    // The heap test calls gc() between rounds to measure what is really retained.
    execArgv: ['--expose-gc'],
  },
});
