import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Vitest global set-up: builds the page once (scripts/build.mjs) for every browser test file. */
export default function buildPage(): void {
  const exampleDir = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: exampleDir, stdio: 'pipe' });
}
