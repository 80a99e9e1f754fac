import { defineConfig } from 'tsup';
import { bundleDeclarations } from '../../scripts/declarations.mjs';

export default defineConfig({
  entry: { index: 'src/index.ts', 'node/index': 'src/node/index.ts', 'node/bin': 'src/node/bin.ts' },
  format: ['esm', 'cjs'],
  // The bin has none. Written once for both formats (../../scripts/declarations.mjs).
  dts: false,
  onSuccess: () => bundleDeclarations({ entry: { index: 'src/index.ts', 'node/index': 'src/node/index.ts' }, formats: ['esm', 'cjs'], tsconfig: 'tsconfig.declarations.json' }),
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'node',
  treeshake: true,
  // The PDF fonts become base64 strings in the bundle (decoded with atob): no file to read at
  // run time, so the same code works in a browser; vitest.config.ts loads them the same way.
  loader: { '.woff': 'base64' },
});
