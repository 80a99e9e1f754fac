import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'node/index': 'src/node/index.ts', 'node/bin': 'src/node/bin.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', 'node/index': 'src/node/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'node',
  treeshake: true,
});
