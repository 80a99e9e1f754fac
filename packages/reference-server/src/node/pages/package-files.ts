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

/**
 * A file this package ships in `dist/` (e.g. the Swagger UI files the build copies there), found
 * through the package's own name, so it works from the ESM and CJS builds and from any chunk.
 */
export function readOwnDistFile(file: string): Buffer {
  return readFileSync(join(packageDir('@medsched/reference-server'), 'dist', file));
}

/** A JSON file an installed package exports (e.g. `@medsched/sdk/openapi.json`). */
export function readExportedJson(specifier: string): unknown {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
}
