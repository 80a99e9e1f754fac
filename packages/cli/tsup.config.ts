import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

// The SDK compiles a schema with zod's compiler from its 8th use (#schema-compiler, `node` in its
// package.json imports). A CLI command is one process that checks each schema once or twice, so
// it never gets there: the SDK's other variant (none) is bundled, and every data command parses
// about 35 KB less (bench/cli-startup.mjs).
const sdkRoot = dirname(createRequire(import.meta.url).resolve('@medsched/sdk/package.json'));
const noSchemaCompiler: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'sdk-without-schema-compiler',
  setup(build) {
    build.onResolve({ filter: /^#schema-compiler$/ }, () => ({ path: join(sdkRoot, 'dist/schema-compiler/default.js') }));
  },
};

// ESM, split: main.js (loaded by bin.js) with what actions load lazily (the SDK with zod, conf,
// the prompts, the follow loop, completion scripts) in their own chunks, so that a command's
// help loads only commander and that command's module. The SDK's schemas are zod/mini,
// so esbuild keeps only the part of zod they use.
//
// Dependencies are bundled (noExternal): resolving hundreds of files through pnpm's linked
// node_modules doubled the start-up of every command (about 1.0 s against 0.5 s measured
// here for `org get`). CommonJS dependencies (commander, ajv) need `require`, which the
// banner provides in ESM.
// bin.js, the entry, is built on its own (below, after the rest), without splitting and with
// main.js left to load at run time: `--version` and the top-level help then read one small file
// and no chunk, as little as Node itself loads for a script.
const mainAtRunTime: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'main-at-run-time',
  setup(build) {
    build.onResolve({ filter: /^\.\/main\.js$/ }, () => ({ path: './main.js', external: true }));
  },
};

// run.js is the in-process entry for the CLI's own tests (src/run.ts: one invocation without a
// process of its own); not exported by the package. In the same split build as main.js, so that
// both share one copy of each module (the invocation context among them).
export default defineConfig({
  entry: { main: 'src/main.ts', run: 'src/run.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  clean: true,
  sourcemap: false,
  // Smaller files parse faster: every run compiles what it loads (about 40 ms of a data command here).
  minify: true,
  dts: false,
  noExternal: [/.*/],
  esbuildPlugins: [noSchemaCompiler],
  // __dirname too: jq-web (loaded only for --jq) finds its jq.wasm next to the script, copied to dist below.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; import { fileURLToPath as __fileURLToPath } from 'node:url'; const require = __createRequire(import.meta.url); const __filename = __fileURLToPath(import.meta.url); const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
  },
  onSuccess: async () => {
    const { copyFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    await copyFile(createRequire(import.meta.url).resolve('jq-web/jq.wasm'), 'dist/jq.wasm');
    const { build } = await import('tsup');
    await build({
      config: false,
      entry: { bin: 'src/bin.ts' },
      format: ['esm'],
      platform: 'node',
      target: 'node20',
      splitting: false,
      clean: false,
      sourcemap: false,
      minify: true,
      dts: false,
      silent: true,
      esbuildPlugins: [mainAtRunTime],
    });
    // The top-level help as commander prints it at 80 columns (stdout a pipe), saved for bin.js
    // (src/static-help.ts). Removed first: without it, the built CLI asks commander.
    const { execFileSync } = await import('node:child_process');
    const { rm, writeFile } = await import('node:fs/promises');
    await rm('dist/top-level-help.txt', { force: true });
    const help = execFileSync(process.execPath, ['dist/bin.js', '--help'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } });
    await writeFile('dist/top-level-help.txt', help);
  },
});
