// The Jest preset: `{ "preset": "@medsched/mock-server" }` is all a Jest 29 or 30 configuration
// needs, in the `node` environment and in msw's `jest-fixed-jsdom`, for JavaScript and ts-jest tests.
// Jest loads CommonJS: our own CommonJS build bundles its ES-module-only dependencies, but msw's
// (rettime, until-async, …) and ky (which apps often use beside us) belong to the app's install,
// so they are transformed to CommonJS here, with babel-jest (which Jest ships) and Babel's own CommonJS transform.
// That plugin is an optional peer dependency: only teams on Jest install it, Vitest users never get Babel.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const babelPlugin = '@babel/plugin-transform-modules-commonjs';

/** The plugin from next to this package or from the project Jest runs in; a clear error when neither has it. */
function resolveBabelPlugin() {
  for (const from of [import.meta.url, join(process.cwd(), 'package.json')]) {
    try {
      return createRequire(from).resolve(babelPlugin);
    } catch {
      // try the next place
    }
  }
  const error = new Error(
    `The Jest preset of @medsched/mock-server needs ${babelPlugin} (an optional peer dependency, for Jest only): ` +
      `it turns msw's ES-module-only dependencies into CommonJS for Jest. Install it next to Jest: ` +
      `npm install --save-dev ${babelPlugin}@^7 (Jest already brings @babel/core and babel-jest).`,
  );
  error.code = 'MEDSCHED_JEST_BABEL_PLUGIN_MISSING';
  throw error;
}

/** Packages that publish ES modules only, which Jest cannot `require()` without a transform. */
const esModuleOnly = ['ky', 'rettime', 'until-async', '@open-draft/deferred-promise', '@msw/data', 'jose', 'mutative'];

const separator = '[/\\\\]';
const names = esModuleOnly.map((name) => name.replace('/', separator)).join('|');

export default {
  transform: {
    [`${separator}node_modules${separator}(?:${names})${separator}.+\\.m?js$`]: ['babel-jest', { babelrc: false, configFile: false, plugins: [resolveBabelPlugin()] }],
    // Jest's default transform, which a preset's `transform` would otherwise replace.
    '\\.[jt]sx?$': 'babel-jest',
  },
  // Everything in node_modules stays as it is, except those packages (pnpm's `.pnpm` store is looked into).
  transformIgnorePatterns: [`${separator}node_modules${separator}(?!(?:\\.pnpm|${names})${separator})`],
  // Globals the test environments lack or give from the wrong realm (see jest-setup.cjs).
  setupFiles: [require.resolve('./jest-setup.cjs')],
};
