// @vitest-environment node
import { setupMockApi } from '@medsched/mock-server';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { defineResetSafetyTests } from '../shared/reset-safety.cjs';

defineResetSafetyTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach });
