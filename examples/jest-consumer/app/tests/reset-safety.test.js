// A real local server on the mock's base URL receives nothing while tests reset, awaited or not
// (the same tests run in Vitest and in the mock server's own tests: ../shared/reset-safety.cjs).
const { setupMockApi } = require('@medsched/mock-server');
const { defineResetSafetyTests } = require('../shared/reset-safety.cjs');

defineResetSafetyTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach });
