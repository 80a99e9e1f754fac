// The whole Jest set-up for @medsched/mock-server: the preset, an environment, and ts-jest for .ts.
// JEST_ENVIRONMENT picks `node` or msw's `jest-fixed-jsdom` (the consumer test runs both).
/** @type {import('jest').Config} */
module.exports = {
  preset: '@medsched/mock-server',
  testEnvironment: process.env.JEST_ENVIRONMENT ?? 'node',
  transform: { '^.+\\.tsx?$': 'ts-jest' },
  // Jest's 5 s default also bounds beforeAll hooks: the first listen() of a file loads msw and builds the
  // demo database, which on a busy two-core CI runner (the rest of the suite beside it) took longer.
  testTimeout: 30_000,
};
