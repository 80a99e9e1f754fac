import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Builds the CLI once for the whole run: every test drives dist/bin.js as a child process.
 * The SDK and reference server are other packages; their builds are checked, not made here.
 */
export default function setup(): void {
  for (const dependency of ['../sdk/dist/index.js', '../reference-server/dist/node/index.js']) {
    if (!existsSync(join(packageDir, dependency))) {
      throw new Error(`${dependency} is missing: build the workspace first (npx -y pnpm@10.34.9 build)`);
    }
  }
  execFileSync(process.execPath, [join(packageDir, '../../node_modules/tsup/dist/cli-default.js'), '--silent'], { cwd: packageDir, stdio: 'inherit' });
}
