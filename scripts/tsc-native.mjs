#!/usr/bin/env node
// `tsc` of TypeScript 7, the native compiler, with the arguments given: what each package's
// `typecheck` script runs, and the declaration emit of scripts/declarations.mjs. It checks the same
// code as 5.9 (which the test projects, tsup and rollup-plugin-dts load through its API), about six
// times faster: the whole tree's typecheck went from 143 s of CPU to about 25. It lives in tools/typescript-native, not in the
// root package.json: pnpm would resolve other packages' `typescript` peers to it there.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The package's `exports` do not name its bin: the path, from the package that installs it.
const tsc = fileURLToPath(new URL('../tools/typescript-native/node_modules/typescript/bin/tsc', import.meta.url));
const result = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' });
if (result.error) throw result.error;
process.exitCode = result.status ?? 1;
