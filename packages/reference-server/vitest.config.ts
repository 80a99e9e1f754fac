import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'reference-server',
    include: ['test/**/*.test.ts'],
  },
});
