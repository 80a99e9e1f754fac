// The whole Vitest set-up for @medsched/mock-server: an environment, nothing else.
export default { test: { environment: 'jsdom', include: ['tests/**/*.test.ts'] } };
