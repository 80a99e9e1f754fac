import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    // A command's own tests sit beside it (src/commands/<command>/*.test.ts); tests across commands in test/.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Node has one time zone per process: the CLI's runs in a worker (support/run-in-process.ts)
    // are only used where the run's TZ (UTC, support/run-cli.ts) is the worker's.
    env: { TZ: 'UTC' },
    // Builds dist/ once per run (unless `pnpm build` just did): the tests run the built CLI in-process (dist/run.js) or as a child process (dist/bin.js).
    globalSetup: ['test/support/global-setup.ts'],
    // Every test drives the built CLI over HTTP; one server per file, files in parallel.
    // Generous: a test may start several CLI processes, and on a loaded two-core runner (another
    // full run beside this one) each start can take seconds. The timeout only guards against hangs.
    // The built CLI (dist/run.js, its chunks) runs in the workers as Node loads it, untransformed.
    server: { deps: { external: [/\/packages\/cli\/dist\//] } },
    // Test files share a worker's loaded modules (the built CLI, the reference server, fast-check)
    // instead of loading them again per file: the CLI's tests took 185 s of CPU so, 320 s isolated.
    // A test file must therefore leave nothing behind in modules or globals.
    isolate: false,
    setupFiles: ['test/support/transcript-per-file.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
