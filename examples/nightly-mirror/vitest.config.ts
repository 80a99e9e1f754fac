import { defineProject } from 'vitest/config';

export default defineProject({
  // A night and a following night against a server under writes: seconds on two shared cores.
  test: { name: 'example-nightly-mirror', include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
