import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', browser: 'src/browser.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // The shared code uses Web APIs only; msw/node and msw/browser stay external (peer dependency).
  platform: 'neutral',
  treeshake: true,
});
