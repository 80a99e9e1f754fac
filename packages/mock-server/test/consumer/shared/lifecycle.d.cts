import type { SharedTestRunner } from './runner.cjs';

/** See lifecycle.cjs. */
export function defineLifecycleTests(runner: SharedTestRunner): void;
