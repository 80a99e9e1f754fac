// Sessions across reset, one mock per process, unknown options, un-awaited resets, a fixed clock
// (the same tests run in Vitest and in the mock server's own tests: ../shared/lifecycle.cjs).
const { setupMockApi } = require('@medsched/mock-server');
const { defineLifecycleTests } = require('../shared/lifecycle.cjs');

defineLifecycleTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach });
