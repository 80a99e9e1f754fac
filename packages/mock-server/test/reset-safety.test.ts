import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '../src/index.js';
// The same tests run from the packed packages in Vitest (node, jsdom) and Jest (node, jest-fixed-jsdom).
import { defineResetSafetyTests } from './consumer/shared/reset-safety.cjs';

describe('nothing reaches the network while tests reset (awaited or not)', () => {
  defineResetSafetyTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach });
});
