import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import ts from 'typescript';
import { bundleDeclarations } from '../../scripts/declarations.mjs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** ky's package directory (its `exports` hide package.json, so found from its entry file). */
const kyDir = dirname(dirname(createRequire(import.meta.url).resolve('ky')));

/** The resource groups, each also an entry point of its own (`@medsched/sdk/calendars`), for small bundles. */
const resourceGroups = ['accounts', 'calendars', 'devices', 'medications', 'organizations', 'pdf', 'users'];

/**
 * Makes every schema a value a bundler may drop when nothing uses it: each top-level `const` of a
 * schema module whose value is computed (`z.string()`, `withMeta(…)`, `op(…)`, a spread shape) is
 * built inside an arrow function called at once and marked `/* @__PURE__ *\/`. Unmarked, a
 * bundler must keep every schema, since it cannot see that building one changes nothing outside;
 * and a mark on each call is not enough where a shape is spread (`{ ...listQueryShape }`), which
 * esbuild counts as a side effect. So one `safeParse` of one schema does not carry the whole
 * contract and every operation's path (bench/sdk-size.mjs). The statements that do act on import
 * (meta.ts sets zod's English messages) are not `const`s and stay as they are. Done at build
 * time, so that no schema added later can forget it; types come from the source, unchanged.
 */
const pureSchemaValues = {
  name: 'pure-schema-values',
  setup(build: { onLoad: (filter: { filter: RegExp }, load: (args: { path: string }) => { contents: string; loader: 'ts' }) => void }) {
    build.onLoad({ filter: /[\\/]src[\\/]schemas[\\/][^\\/]+\.ts$/ }, ({ path }) => ({ contents: pureTopLevelValues(readFileSync(path, 'utf8')), loader: 'ts' }));
  },
};

function pureTopLevelValues(text: string): string {
  const source = ts.createSourceFile('schema.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const computes = (node: ts.Node): boolean =>
    !ts.isFunctionLike(node) && (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isSpreadAssignment(node) || ts.isSpreadElement(node) || ts.forEachChild(node, computes) === true);
  const edits: { start: number; end: number }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer;
      if (value !== undefined && computes(value)) edits.push({ start: value.getStart(source), end: value.getEnd() });
    }
  }
  let out = text;
  for (const { start, end } of edits.reverse()) out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  return out;
}

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    core: 'src/core.ts',
    ...Object.fromEntries(resourceGroups.map((group) => [group, `src/resources/${group}.ts`])),
    'schemas/index': 'src/schemas/index.ts',
    // Series expansion and zone arithmetic, pure: no client, no schemas, no zod.
    recurrence: 'src/recurrence/index.ts',
    // Chosen at run time through package.json's `imports` (#schema-compiler): Node compiles schemas, browsers do not.
    'schema-compiler/node': 'src/schema-compiler/node.ts',
    'schema-compiler/default': 'src/schema-compiler/default.ts',
  },
  external: ['#schema-compiler'],
  // Written once for both formats, after the ESM build (../../scripts/declarations.mjs).
  dts: false,
  // Both formats write into dist/ at the same time: the build script empties it first instead.
  clean: false,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // One copy of each module across the entry points, in both formats: a client from
  // `@medsched/sdk/core` is the same class that `@medsched/sdk/calendars` checks for.
  splitting: true,
  esbuildPlugins: [pureSchemaValues],
  // The User-Agent names the version that was built.
  define: { __SDK_VERSION__: JSON.stringify(version) },
};

export default defineConfig([
  { ...shared, format: ['esm'], onSuccess: () => bundleDeclarations({ entry: shared.entry as Record<string, string>, formats: ['esm', 'cjs'] }) },
  {
    ...shared,
    format: ['cjs'],
    // ky is ESM only. A `require('ky')` works only where Node's own require(esm) does (Node
    // 20.19+), never in Jest's CommonJS module system or older bundlers: the CommonJS build
    // carries its own copy of ky (the ESM build imports the dependency). zod ships CommonJS.
    noExternal: ['ky'],
    // ky's MIT licence asks for its notice beside the copy.
    // oxlint-disable-next-line typescript/require-await -- tsup's onSuccess must return a promise
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
