import { defineProject } from 'vitest/config';

/**
 * The opt-in runner tests (`pnpm --filter @medsched/mock-server test:runners`): each installs a
 * runner's own toolchain with npm (cached between runs) and builds with it for minutes, too slow
 * for `pnpm test`.
 */
export default defineProject({
  test: {
    name: 'mock-server-runners',
    include: ['test/runners/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
