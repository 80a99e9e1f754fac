import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The ESM build has import.meta.url, the CJS build __filename; either locates installed packages.
const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const require = createRequire(here);

/** The folder of an installed package (resolved from this package, as Node would). */
export function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** A file inside an installed package, read once and kept (the files are static). */
export function readPackageFile(name: string, file: string): Buffer {
  return readFileSync(join(packageDir(name), file));
}

/** A JSON file an installed package exports (e.g. `@medsched/sdk/openapi.json`). */
export function readExportedJson(specifier: string): unknown {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
}
