import type { SharedTestRunner } from './runner.cjs';

/** See reset-safety.cjs. */
export function defineResetSafetyTests(runner: SharedTestRunner<{ baseUrl?: string }>): void;
