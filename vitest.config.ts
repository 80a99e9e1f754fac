import { defineConfig } from 'vitest/config';

// One run over every package; each package's own vitest.config.ts names its project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
