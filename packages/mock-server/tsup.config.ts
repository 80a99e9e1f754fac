import { defineConfig } from 'tsup';
import { bundleDeclarations } from '../../scripts/declarations.mjs';

/**
 * The reference server's Web-only code (handlers, domain, db, seed) is bundled into the mock
 * server, so that installing the mock server never installs the reference server's Node parts
 * (the API-reference pages, the file persistence); its declarations are inlined likewise. Its PDF
 * writer (pdf-lib, @pdf-lib/fontkit, Noto Sans as base64) is Web-only and comes along, in chunks
 * of their own that load on the first PDF; scripts/copy-font-licence.mjs ships the fonts' licence.
 */
const referenceServer = ['@medsched/reference-server'];

/**
 * ESM-only dependencies are bundled too: Jest loads the CommonJS build and cannot `require()`
 * an ES module (the Jest preset transforms the ones we cannot bundle: msw's, ky).
 */
const esmOnly = ['@msw/data', 'jose', 'mutative', 'es-toolkit', 'rettime', '@standard-schema/spec'];

const entry = { index: 'src/index.ts', browser: 'src/browser.ts', playwright: 'src/playwright.ts', 'dev-panel': 'src/dev-panel.ts' };

export default defineConfig({
  entry,
  format: ['esm', 'cjs'],
  tsconfig: 'tsconfig.build.json',
  // Written once for both formats (../../scripts/declarations.mjs), with the reference server's
  // declarations (from its build) inlined; scripts/detach-msw-data-types.mjs then drops their one
  // import of @msw/data (bundled).
  dts: false,
  onSuccess: () => bundleDeclarations({ entry, formats: ['esm', 'cjs'], tsconfig: 'tsconfig.declarations.json', inline: { '@medsched/reference-server': '../reference-server/dist/index.d.ts' } }),
  sourcemap: true,
  target: 'es2022',
  // The shared code uses Web APIs only; msw/node, msw/browser and the SDK stay external.
  platform: 'neutral',
  // esbuild's own tree shaking only: tsup's extra Rollup pass (`treeshake: true`) took 22 of the
  // build's 34 CPU-seconds and made the JavaScript 0.3 % smaller (10 KB of 3 MB).
  treeshake: false,
  noExternal: [...referenceServer, ...esmOnly],
  // The reference server's sources import its PDF fonts (.woff): as base64 strings, as its own
  // build does; esbuild's default would copy them beside the bundle and import a file name.
  loader: { '.woff': 'base64' },
});
