// The whole Jest set-up for @medsched/mock-server: the preset, an environment, and ts-jest for .ts.
// JEST_ENVIRONMENT picks `node` or msw's `jest-fixed-jsdom` (the consumer test runs both).
/** @type {import('jest').Config} */
module.exports = {
  preset: '@medsched/mock-server',
  testEnvironment: process.env.JEST_ENVIRONMENT ?? 'node',
  transform: { '^.+\\.tsx?$': 'ts-jest' },
};
