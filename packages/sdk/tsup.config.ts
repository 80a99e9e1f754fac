import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'schemas/index': 'src/schemas/index.ts',
    // Chosen at run time through package.json's `imports` (#schema-compiler): Node compiles schemas, browsers do not.
    'schema-compiler/node': 'src/schema-compiler/node.ts',
    'schema-compiler/default': 'src/schema-compiler/default.ts',
  },
  external: ['#schema-compiler'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // The User-Agent names the version that was built.
  define: { __SDK_VERSION__: JSON.stringify(version) },
});
