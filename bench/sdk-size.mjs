// pnpm bench, SDK size part: what one call costs in a browser bundle, the SDK as a user gets it
// (the packed tarball) beside other clients making the same kind of call, each bundled by the same
// four bundlers (production, minified; gzip of the JavaScript written):
//   medsched one-op      createBaseClient + listCalendarEntries (the tree-shakable form of createClient + calendars.list)
//   medsched client      createClient + client.calendars.list (every resource group comes along), for information
//   medsched one-schema  one safeParse of CalendarEntry from @medsched/sdk/schemas
//   medsched recurrence  seriesIntakes from @medsched/sdk/recurrence (no client, no zod)
//   bare ky              ky.get(…).json() of the same list: the SDK's transport alone
//   openai, stripe, @octokit/rest  one list call each (models.list, customers.list, repos.listForOrg)
// The bundlers and the comparison packages are installed from npm into a cache folder outside the
// workspace on first use (MEDSCHED_BENCH_CACHE, default ~/.cache/medsched-bench/sdk-size), never as
// workspace dependencies; pinned versions, so that a rerun compares like with like.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { packWorkspacePackages } from '../scripts/packed-packages.mjs';

const oneOpTargetKb = 22;
const oneSchemaTargetKb = 8;
const recurrenceTargetKb = 6;
const tools = {
  esbuild: '0.27.7',
  vite: '8.3.8',
  webpack: '5.113.0',
  rollup: '4.68.8',
  '@rollup/plugin-node-resolve': '16.0.3',
  '@rollup/plugin-terser': '1.0.2',
  '@rollup/plugin-replace': '6.0.3',
  ky: '1.14.3',
  openai: '7.57.0',
  stripe: '23.1.0',
  '@octokit/rest': '22.0.1',
};

const cache = process.env.MEDSCHED_BENCH_CACHE ?? join(homedir(), '.cache', 'medsched-bench', 'sdk-size');
mkdirSync(cache, { recursive: true });
const manifest = join(cache, 'package.json');
const wanted = JSON.stringify(tools);
if (!existsSync(join(cache, 'node_modules')) || !existsSync(join(cache, 'tools.json')) || readFileSync(join(cache, 'tools.json'), 'utf8') !== wanted) {
  console.log(`installing the bundlers and comparison clients into ${cache} (once) …`);
  writeFileSync(manifest, JSON.stringify({ name: 'medsched-bench-sdk-size', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...Object.entries(tools).map(([name, version]) => `${name}@${version}`)], { cwd: cache, stdio: 'inherit' });
  writeFileSync(join(cache, 'tools.json'), wanted);
}
// The SDK as published, installed beside them (replacing any earlier copy).
const packs = packWorkspacePackages(['@medsched/sdk']);
try {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', '--no-save', join(packs, 'medsched-sdk.tgz')], { cwd: cache, stdio: 'inherit' });
} finally {
  rmSync(packs, { recursive: true, force: true });
}

const cases = {
  'medsched one-op':
    "import { createBaseClient } from '@medsched/sdk/core';\nimport { listCalendarEntries } from '@medsched/sdk/calendars';\n" +
    "const client = createBaseClient({ baseUrl: 'https://api.example.test/v1', apiKey: 'k' });\n" +
    'listCalendarEntries(client, { limit: 5 }).then((page) => console.log(page.items.length));\n',
  'medsched client':
    "import { createClient } from '@medsched/sdk';\nconst client = createClient({ baseUrl: 'https://api.example.test/v1', apiKey: 'k' });\n" +
    'client.calendars.list({ limit: 5 }).then((page) => console.log(page.items.length));\n',
  'medsched one-schema': "import { CalendarEntry } from '@medsched/sdk/schemas';\nconsole.log(CalendarEntry.safeParse(JSON.parse(document.body.textContent)).success);\n",
  'medsched recurrence':
    "import { seriesIntakes } from '@medsched/sdk/recurrence';\n" +
    "console.log(seriesIntakes({ rrule: 'FREQ=DAILY;BYHOUR=8,20', date: '2026-10-01', intakeTime: '08:00' }, { from: '2026-10-24', to: '2026-10-31', timeZone: 'Europe/Berlin' }).length);\n",
  'bare ky':
    "import ky from 'ky';\nky.get('https://api.example.test/v1/calendars/', { searchParams: { limit: 5 }, headers: { 'x-api-key': 'k' } }).json().then((items) => console.log(items.length));\n",
  openai: "import OpenAI from 'openai';\nnew OpenAI({ apiKey: 'k', dangerouslyAllowBrowser: true }).models.list().then((page) => console.log(page.data.length));\n",
  stripe: "import Stripe from 'stripe';\nnew Stripe('k').customers.list({ limit: 5 }).then((page) => console.log(page.data.length));\n",
  octokit: "import { Octokit } from '@octokit/rest';\nnew Octokit({ auth: 'k' }).rest.repos.listForOrg({ org: 'x', per_page: 5 }).then(({ data }) => console.log(data.length));\n",
};
const entries = join(cache, 'entries');
rmSync(entries, { recursive: true, force: true });
mkdirSync(entries);
for (const [name, code] of Object.entries(cases)) writeFileSync(join(entries, `${slug(name)}.js`), code);

const require = createRequire(join(cache, 'package.json'));
const load = (name) => import(pathToFileURL(require.resolve(name)).href);
const production = { 'process.env.NODE_ENV': '"production"' };

/** Each bundler: entry file → the JavaScript it writes for a browser, minified, as one string. */
const bundlers = {
  async esbuild(entry) {
    const esbuild = await load('esbuild');
    const result = await esbuild.build({
      entryPoints: [entry],
      absWorkingDir: cache,
      bundle: true,
      minify: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      define: production,
      logLevel: 'silent',
    });
    return result.outputFiles.map((file) => file.text).join('\n');
  },
  async vite(entry) {
    const { build } = await load('vite');
    const result = await build({
      configFile: false,
      root: cache,
      logLevel: 'silent',
      mode: 'production',
      build: { write: false, minify: true, modulePreload: false, rollupOptions: { input: entry } },
    });
    return [result]
      .flat()
      .flatMap((output) => output.output)
      .filter((chunk) => chunk.type === 'chunk')
      .map((chunk) => chunk.code)
      .join('\n');
  },
  async webpack(entry) {
    const { default: webpack } = await load('webpack');
    const out = join(cache, 'webpack-out');
    rmSync(out, { recursive: true, force: true });
    await new Promise((resolve, reject) =>
      webpack({ mode: 'production', context: cache, entry, target: 'web', output: { path: out, filename: 'bundle.js' }, performance: { hints: false } }, (error, stats) =>
        error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve(),
      ),
    );
    return readdirSync(out)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(out, file), 'utf8'))
      .join('\n');
  },
  async rollup(entry) {
    const { rollup } = await load('rollup');
    const { default: resolve } = await load('@rollup/plugin-node-resolve');
    const { default: terser } = await load('@rollup/plugin-terser');
    const { default: replace } = await load('@rollup/plugin-replace');
    const bundle = await rollup({ input: entry, onwarn: () => {}, plugins: [replace({ preventAssignment: true, values: production }), resolve({ browser: true }), terser()] });
    const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true });
    await bundle.close();
    return output
      .filter((chunk) => chunk.type === 'chunk')
      .map((chunk) => chunk.code)
      .join('\n');
  },
};

function slug(name) {
  return name.replace(/[^a-z0-9]+/gi, '-');
}

const kb = (text) => gzipSync(Buffer.from(text)).length / 1024;
const rows = {};
for (const [bundler, bundle] of Object.entries(bundlers)) {
  rows[bundler] = {};
  for (const name of Object.keys(cases)) {
    try {
      const code = await bundle(join(entries, `${slug(name)}.js`));
      rows[bundler][name] = { kb: kb(code), code };
    } catch (error) {
      rows[bundler][name] = { error: String(error?.message ?? error).split('\n')[0] };
    }
  }
}

console.log('One call in a browser bundle: KB min+gzip (production, minified), the SDK from its packed tarball, ky and zod included');
const names = Object.keys(cases);
console.log(['bundler'.padEnd(8), ...names.map((name) => name.padStart(20))].join(' '));
for (const [bundler, row] of Object.entries(rows)) {
  console.log([bundler.padEnd(8), ...names.map((name) => (row[name].kb === undefined ? 'failed' : row[name].kb.toFixed(1)).padStart(20))].join(' '));
}
for (const [bundler, row] of Object.entries(rows)) for (const [name, cell] of Object.entries(row)) if (cell.error) console.log(`  ${bundler} / ${name}: ${cell.error}`);

// The budgets, and what must not come along: the schemas chunk carries no operation path, one op no other operation.
const failures = [];
for (const [bundler, row] of Object.entries(rows)) {
  const oneOp = row['medsched one-op'];
  const oneSchema = row['medsched one-schema'];
  if (!(oneOp.kb <= oneOpTargetKb)) failures.push(`${bundler}: one-op ${oneOp.kb?.toFixed(1) ?? 'failed'} KB > ${oneOpTargetKb} KB`);
  if (!(oneSchema.kb <= oneSchemaTargetKb)) failures.push(`${bundler}: one-schema ${oneSchema.kb?.toFixed(1) ?? 'failed'} KB > ${oneSchemaTargetKb} KB`);
  if (oneSchema.code?.includes('/calendars/{calendarId}')) failures.push(`${bundler}: one-schema carries operation paths`);
  if (oneOp.code?.includes('/medications/{medicationId}')) failures.push(`${bundler}: one-op carries other operations`);
  const recurrence = row['medsched recurrence'];
  if (!(recurrence.kb <= recurrenceTargetKb)) failures.push(`${bundler}: recurrence ${recurrence.kb?.toFixed(1) ?? 'failed'} KB > ${recurrenceTargetKb} KB`);
  if (/\/calendars\/|ZodError/.test(recurrence.code ?? '')) failures.push(`${bundler}: recurrence carries the client or zod`);
}
console.log(
  `\nmedsched one-op <= ${oneOpTargetKb} KB, one-schema <= ${oneSchemaTargetKb} KB without operation paths, recurrence <= ${recurrenceTargetKb} KB without client or zod: ${failures.length === 0 ? 'ok' : `FAIL\n  ${failures.join('\n  ')}`}`,
);
process.exitCode = failures.length === 0 ? 0 : 1;
