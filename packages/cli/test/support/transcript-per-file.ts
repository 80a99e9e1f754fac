// Run before each test file (vitest.config.ts, setupFiles). The test files of a worker share their
// loaded modules (isolate: false), run-cli.ts's transcript among them: each file starts with an
// empty one, so that a secret in the output fails the file whose runs printed it, and only that
// file (a leak once failed the ten files that came after it in the same worker).
import { transcript } from './run-cli.js';

transcript.length = 0;
