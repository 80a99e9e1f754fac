import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-jest-consumer',
    include: ['test/**/*.test.ts'],
    // npm installs Jest into a cached directory on the first run; later runs reuse it.
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
