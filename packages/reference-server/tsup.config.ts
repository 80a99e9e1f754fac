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
  // esbuild's own tree shaking only, as in the mock server: tsup's extra Rollup pass took 7.7 of
  // the build's 13.8 CPU-seconds and made the JavaScript 0.9 % smaller.
  treeshake: false,
  // @msw/data imports es-toolkit's compat barrel: about 1,850 modules that Node resolved and
  // loaded at every start, and jose is 177 more (together a third of a server's 1.2 s start).
  // Bundled, only what they use is left. @msw/data stays a dependency: the declarations name its
  // types (a table's raw collections). zod and msw stay external: an app shares them with us.
  noExternal: ['@msw/data', 'es-toolkit', 'jose'],
  // The PDF fonts become base64 strings in the bundle (decoded with atob): no file to read at
  // run time, so the same code works in a browser; vitest.config.ts loads them the same way.
  loader: { '.woff': 'base64' },
});
