import { defineConfig } from 'tsup';

// One ESM entry; splitting keeps lazily imported modules (prompts, follow loop, completion
// scripts) in their own chunks, so `medsched --help` and `--version` load only commander.
export default defineConfig({
  entry: { bin: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  clean: true,
  sourcemap: true,
  dts: false,
  shims: false,
});
