import { readFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * The SDK's build imports zod as `import { z } from 'zod'`, which keeps all of zod (locales
 * included) in any esbuild bundle; `import * as z from 'zod'` lets esbuild keep only what the
 * schemas use (stack.md: 104 KB against 41 KB min+gzip). Until the SDK's own build says so,
 * the CLI's bundle reads it that way: the SDK chunk drops from 490 KB to 147 KB, which every
 * data command parses at start. A no-op once the SDK imports the namespace itself.
 */
const zodNamespace: Plugin = {
  name: 'zod-namespace',
  setup(build) {
    build.onLoad({ filter: /[\\/]sdk[\\/]dist[\\/][^\\/]+\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replace(/import \{ z \} from (['"])zod\1/g, "import * as z from 'zod'"), loader: 'js' };
    });
  },
};

// One ESM entry. Splitting keeps what actions load lazily (the SDK with zod and ky, conf,
// the prompts, the follow loop, completion scripts) in their own chunks, so `medsched --help`
// and `--version` load only commander and the command tree.
//
// Dependencies are bundled (noExternal): resolving hundreds of files through pnpm's linked
// node_modules doubled the start-up of every command (about 1.0 s against 0.5 s measured
// here for `org get`). CommonJS dependencies (commander, ajv) need `require`, which the
// banner provides in ESM.
export default defineConfig({
  entry: { bin: 'src/bin.ts' },
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
  esbuildPlugins: [zodNamespace],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
