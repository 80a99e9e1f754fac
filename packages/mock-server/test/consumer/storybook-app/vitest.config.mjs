// Vitest's 5 s default is too short for a first story (msw and the demo database load) on a busy
// two-core machine: the bound is for a hang, as in the Vitest and Jest consumer apps.
export default { test: { environment: 'node', include: ['stories.test.js'], testTimeout: 30_000, hookTimeout: 30_000 } };
