// Bundled server-side runtimes: an esbuild-minified bundle run by Node (error names after a
// minifier), Cloudflare's workerd (through miniflare) and Vercel's edge-runtime.
import { binPath, run, scenario } from '../processes.mjs';

const esbuild = (ctx, args) => run(ctx.dir, binPath(ctx.dir, 'esbuild'), [...args, '--log-level=warning']);

export const esbuildNodeProject = {
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
      run: async (ctx, env) => {
        await esbuild(ctx, ['esbuild-entry.mjs', '--bundle', '--minify', '--format=esm', '--platform=browser', '--outfile=esbuild-bundle.mjs']);
        return scenario(ctx.dir, process.execPath, ['esbuild-main.mjs'], env);
      },
    },
  },
};

export const workerdProject = {
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
      run: async (ctx, env) => {
        await esbuild(ctx, ['worker.mjs', '--bundle', '--format=esm', '--platform=browser', '--conditions=workerd,worker', '--outfile=worker-bundle.mjs']);
        return scenario(ctx.dir, process.execPath, ['workerd-main.mjs'], env);
      },
    },
  },
};

export const edgeRuntimeProject = {
  // Vercel's edge-runtime (the Edge Runtime's globals in a Node vm context), the script bundled with the `edge-light` condition.
  deps: ['edge-runtime@4', 'esbuild@0.27'],
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
      label: "Vercel's edge-runtime 4, esbuild bundle with the edge-light condition",
      run: async (ctx, env) => {
        await esbuild(ctx, ['edge-entry.mjs', '--bundle', '--format=iife', '--platform=browser', '--conditions=edge-light,worker', '--outfile=edge-bundle.js']);
        return scenario(ctx.dir, process.execPath, ['edge-main.mjs'], env);
      },
    },
  },
};
