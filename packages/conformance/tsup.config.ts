import { defineConfig } from 'tsup';
import { bundleDeclarations } from '../../scripts/declarations.mjs';

// The rules use Web APIs only (fetch, URL, TextDecoder, AbortSignal), so the same build runs in
// Node's test runners and anywhere else fetch exists. The SDK (the contract) and zod stay external.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // Written once for both formats (../../scripts/declarations.mjs).
  dts: false,
  onSuccess: () => bundleDeclarations({ entry: { index: 'src/index.ts' }, formats: ['esm', 'cjs'], tsconfig: 'tsconfig.declarations.json' }),
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
});
