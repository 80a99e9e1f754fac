// A package's bundled declarations (dist/<entry>.d.ts, and .d.cts for the CommonJS build), called
// from its tsup.config.ts with the same entry points as its JavaScript. TypeScript 7, the native
// compiler, writes one declaration file per source file (about a second); rollup-plugin-dts then
// bundles those per entry point, reading declarations only. tsup's own `dts` option type-checked
// the sources again with TypeScript 5.9's compiler once per format: 25 s of CPU for each of the
// SDK's two formats, and most of the time `pnpm build` took (about 140 of 160 CPU-seconds).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const tsc = fileURLToPath(new URL('../tools/typescript-native/node_modules/typescript/bin/tsc', import.meta.url));

/**
 * Writes the declarations of `entry` (tsup's map: output name → source file under `src/`) into
 * `dist/`: `.d.ts` for `esm`, `.d.cts` for `cjs`. `inline` maps a package whose types are bundled
 * in (not installed with ours) to its declaration file. Run from the package's directory.
 * @param {{ entry: Record<string, string>, formats: ('esm' | 'cjs')[], tsconfig?: string, inline?: Record<string, string> }} options
 */
export async function bundleDeclarations({ entry, formats, tsconfig = 'tsconfig.json', inline = {} }) {
  const emitted = mkdtempSync(join(tmpdir(), 'medsched-declarations-'));
  try {
    const result = spawnSync(process.execPath, [tsc, '-p', tsconfig, '--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--rootDir', 'src', '--outDir', emitted], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`declaration emit failed (tsc -p ${tsconfig}):\n${result.stdout}${result.stderr}`);
    const input = Object.fromEntries(Object.entries(entry).map(([name, source]) => [name, join(emitted, source.replace(/^src\//, '').replace(/\.ts$/, '.d.ts'))]));
    const inlined = new Map(Object.entries(inline).map(([name, file]) => [name, resolve(file)]));
    const bundle = await rollup({
      input,
      plugins: [{ name: 'inline-packages', resolveId: (id) => inlined.get(id) ?? null }, dts()],
      // Every other package is the user's install: imported, never copied in.
      external: (id) => !inlined.has(id) && !id.startsWith('.') && !id.startsWith('/'),
      onwarn(warning, warn) {
        // A base class or type that only the package's own chunks name (the SDK's `Resource`): a
        // user never writes its name, and tsup's build had it the same way. Anything else is shown.
        if (/still references private shared type exports/.test(warning.message)) return;
        warn(warning);
      },
    });
    for (const format of formats) {
      const extension = format === 'cjs' ? 'd.cts' : 'd.ts';
      // Chunks are named after their first module (`bake.d.ts` → `bake-<hash>.d.ts`), as tsup named them.
      await bundle.write({ dir: 'dist', format: 'es', entryFileNames: `[name].${extension}`, chunkFileNames: (chunk) => `${chunk.name.replace(/\.d$/, '')}-[hash].${extension}` });
    }
    await bundle.close();
  } finally {
    rmSync(emitted, { recursive: true, force: true });
  }
}
