import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '../src/index.js';
// The same tests run from the packed packages in Vitest (jsdom) and Jest (node, jest-fixed-jsdom).
import { defineLifecycleTests } from './consumer/shared/lifecycle.cjs';

describe('the life cycle a team meets: sessions, one mock, options, un-awaited resets, clock', () => {
  defineLifecycleTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach });
});
