import { setupMockApi } from '@medsched/mock-server';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { defineLifecycleTests } from '../shared/lifecycle.cjs';

defineLifecycleTests({ setupMockApi, it, expect, beforeAll, afterAll, afterEach });
