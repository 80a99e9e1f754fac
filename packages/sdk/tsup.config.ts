import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** ky's package directory (its `exports` hide package.json, so found from its entry file). */
const kyDir = dirname(dirname(createRequire(import.meta.url).resolve('ky')));

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    'schemas/index': 'src/schemas/index.ts',
    // Chosen at run time through package.json's `imports` (#schema-compiler): Node compiles schemas, browsers do not.
    'schema-compiler/node': 'src/schema-compiler/node.ts',
    'schema-compiler/default': 'src/schema-compiler/default.ts',
  },
  external: ['#schema-compiler'],
  dts: true,
  // Both formats write into dist/ at the same time: the build script empties it first instead.
  clean: false,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // The User-Agent names the version that was built.
  define: { __SDK_VERSION__: JSON.stringify(version) },
};

export default defineConfig([
  { ...shared, format: ['esm'] },
  {
    ...shared,
    format: ['cjs'],
    // ky is ESM only. A `require('ky')` works only where Node's own require(esm) does (Node
    // 20.19+), never in Jest's CommonJS module system or older bundlers: the CommonJS build
    // carries its own copy of ky (the ESM build imports the dependency). zod ships CommonJS.
    noExternal: ['ky'],
    // ky's MIT licence asks for its notice beside the copy.
    onSuccess: async () => {
      const licence = readFileSync(join(kyDir, 'license'), 'utf8');
      writeFileSync(
        new URL('./dist/THIRD-PARTY-NOTICES.md', import.meta.url),
        `# Third-party notices\n\nThe CommonJS build (\`dist/index.cjs\`) contains a copy of ky ${kyVersion()} (https://github.com/sindresorhus/ky):\n\n\`\`\`\n${licence.trim()}\n\`\`\`\n`,
      );
    },
  },
]);

function kyVersion(): string {
  return (JSON.parse(readFileSync(join(kyDir, 'package.json'), 'utf8')) as { version: string }).version;
}
