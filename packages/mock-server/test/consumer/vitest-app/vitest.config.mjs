// The whole Vitest set-up for @medsched/mock-server: an environment, nothing else. The timeout is
// the test run's, not the mock's: Vitest's 5 s default failed the first burst of reset-safety-node
// (which loads msw and builds the demo database) with the rest of the suite beside it on two cores,
// as Jest's did (jest.config.cjs of the Jest example).
export default { test: { environment: 'jsdom', include: ['tests/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 } };
