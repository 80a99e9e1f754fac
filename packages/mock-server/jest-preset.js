// The Jest preset: `{ "preset": "@medsched/mock-server" }` is all a Jest 29 or 30 configuration
// needs, in the `node` environment and in msw's `jest-fixed-jsdom`, for JavaScript and ts-jest tests.
// Jest loads CommonJS: our own CommonJS build bundles its ES-module-only dependencies, but msw's
// (rettime, until-async, …) and ky (which apps often use beside us) belong to the app's install,
// so they are transformed to CommonJS here, with babel-jest (which Jest ships) and Babel's own CommonJS transform.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Packages that publish ES modules only, which Jest cannot `require()` without a transform. */
const esModuleOnly = ['ky', 'rettime', 'until-async', '@open-draft/deferred-promise', '@msw/data', 'jose', 'mutative'];

const separator = '[/\\\\]';
const names = esModuleOnly.map((name) => name.replace('/', separator)).join('|');

export default {
  transform: {
    [`${separator}node_modules${separator}(?:${names})${separator}.+\\.m?js$`]: [
      'babel-jest',
      { babelrc: false, configFile: false, plugins: [require.resolve('@babel/plugin-transform-modules-commonjs')] },
    ],
    // Jest's default transform, which a preset's `transform` would otherwise replace.
    '\\.[jt]sx?$': 'babel-jest',
  },
  // Everything in node_modules stays as it is, except those packages (pnpm's `.pnpm` store is looked into).
  transformIgnorePatterns: [`${separator}node_modules${separator}(?!(?:\\.pnpm|${names})${separator})`],
  // Globals the test environments lack or give from the wrong realm (see jest-setup.cjs).
  setupFiles: [require.resolve('./jest-setup.cjs')],
};
