import { defineConfig } from 'tsup';

// The rules use Web APIs only (fetch, URL, TextDecoder, AbortSignal), so the same build runs in
// Node's test runners and anywhere else fetch exists. The SDK (the contract) and zod stay external.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
});
