import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'example-sdk-quickstart', include: ['test/**/*.test.ts'] },
});
