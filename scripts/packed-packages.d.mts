/** The environment variable naming the directory of one test run (set by scripts/test-run-setup.mjs). */
export const testRunDirVariable: string;
/** The directory of the test run under way (`vitest run` from the root), or undefined outside one. */
export function testRunDir(): string | undefined;
/** Packs workspace packages as published into a new temporary directory as `<scope>-<name>.tgz`; returns the directory (the caller removes it). */
export function packWorkspacePackages(names: string[]): string;
/** The named packages' tarballs, packed once per test run (once per process outside one); read only, never removed by the caller. */
export function packedWorkspacePackages(names: string[]): string;
