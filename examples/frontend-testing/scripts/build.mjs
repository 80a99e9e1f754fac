// Bundles the page with esbuild into dist/app/ (ES modules; the mock is a separate chunk loaded
// only with ?mock) and copies msw's worker script into public/.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import './copy-worker.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outdir: 'dist/app',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built dist/app/main.js');
