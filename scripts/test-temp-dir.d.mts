/** A new empty directory whose name starts with `prefix`: inside the test run's directory (removed when the run ends) under `vitest run` from the root, else in the system's temporary directory. */
export function testTempDir(prefix: string): string;
