// Browsers: the scenario bundled for production by esbuild, Vite, webpack and Rollup (minified),
// served under a strict Content-Security-Policy from another origin than the API (so every call
// is cross-origin: CORS against the reference server), in headless Chromium and Firefox ESR.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { checksInChromium, checksInFirefox } from '../browser-drivers.mjs';
import { startPageServer } from '../page-server.mjs';
import { binPath, run } from '../processes.mjs';

/**
 * The page's script: reads the environment from the URL's fragment, runs the scenario, records
 * CSP violations (a blocked `eval` or request would show there even when the call recovers).
 */
const entry = `
import * as sdk from '@medsched/sdk';
import { runScenario } from './scenario.mjs';
const violations = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective + ' ' + event.blockedURI));
const env = JSON.parse(decodeURIComponent(location.hash.slice(1)));
runScenario(sdk, env).then(
  (checks) => {
    checks.push({ name: 'no CSP violation', ok: violations.length === 0, detail: violations.join('; ') || 'none' });
    if (env.minified) checks.push({ name: 'the minifier renamed the classes (so the name checks mean something)', ok: sdk.NotFoundError.name !== 'NotFoundError', detail: 'NotFoundError is ' + sdk.NotFoundError.name });
    window.__ecosystemResult = checks;
  },
  (error) => (window.__ecosystemResult = [{ name: 'scenario', ok: false, detail: String(error && error.stack) }]),
);
`;
const page = (script) => `<!doctype html><html><head><meta charset="utf-8"><title>medsched ecosystem</title><script type="module" src="${script}"></script></head><body></body></html>\n`;

/** Each bundler: its npm packages, its files, and the build that leaves index.html and its script in `out-<bundler>/`. */
const bundlers = {
  esbuild: {
    deps: ['esbuild@0.27'],
    files: { 'out-esbuild/index.html': page('./bundle.js') },
    build: (dir) => run(dir, binPath(dir, 'esbuild'), ['browser-entry.mjs', '--bundle', '--minify', '--format=esm', '--platform=browser', '--outfile=out-esbuild/bundle.js', '--log-level=warning']),
  },
  vite: {
    // An app as `npm create vite` makes it: index.html at the root of the app, `vite build`.
    deps: ['vite@8'],
    files: {
      'vite-app/index.html': page('../browser-entry.mjs'),
      'vite.config.mjs': `export default { root: 'vite-app', logLevel: 'warn', build: { outDir: '../out-vite', emptyOutDir: true } };\n`,
      'vite.dev.config.mjs': `
        const csp = "default-src 'self'; connect-src 'self' ws://127.0.0.1:* " + process.env.ECOSYSTEM_CONNECT;
        export default { server: { headers: { 'content-security-policy': csp } } };\n`,
      'dev.html': page('./browser-entry.mjs'),
    },
    build: (dir) => run(dir, binPath(dir, 'vite'), ['build']),
  },
  webpack: {
    // webpack's Node API (no webpack-cli), production mode: minified with terser.
    deps: ['webpack@5'],
    files: {
      'out-webpack/index.html': page('./bundle.js'),
      'webpack-build.cjs': `
        const webpack = require('webpack');
        const path = require('node:path');
        webpack({ mode: 'production', entry: './browser-entry.mjs', output: { path: path.resolve('out-webpack'), filename: 'bundle.js' } }, (error, stats) => {
          if (error || stats.hasErrors()) { console.error(error || stats.toString('errors-only')); process.exit(1); }
        });`,
    },
    build: (dir) => run(dir, process.execPath, ['webpack-build.cjs']),
  },
  rollup: {
    deps: ['rollup@4', '@rollup/plugin-node-resolve@16', '@rollup/plugin-terser@0'],
    files: {
      'out-rollup/index.html': page('./bundle.js'),
      'rollup.config.mjs': `
        import { nodeResolve } from '@rollup/plugin-node-resolve';
        import terser from '@rollup/plugin-terser';
        export default { input: 'browser-entry.mjs', output: { file: 'out-rollup/bundle.js', format: 'es' }, plugins: [nodeResolve({ browser: true }), terser()] };\n`,
    },
    build: (dir) => run(dir, binPath(dir, 'rollup'), ['-c', 'rollup.config.mjs', '--silent']),
  },
};

/** One build per project and run, shared by its Chromium and Firefox cells. */
const builds = new Map();
const buildOnce = (dir, bundler) => {
  if (!builds.has(dir)) builds.set(dir, bundlers[bundler].build(dir));
  return builds.get(dir);
};

/** Builds, serves under the CSP, opens the page in the browser and returns the page's checks. */
async function browserCell(ctx, env, bundler, openPage) {
  await buildOnce(ctx.dir, bundler);
  const origins = [env.baseUrl, env.proxyUrl, env.closedUrl].map((url) => new URL(url).origin);
  const server = await startPageServer(join(ctx.dir, `out-${bundler}`), origins);
  try {
    const checks = await openPage(`${server.origin}/index.html#${encodeURIComponent(JSON.stringify({ ...env, minified: true }))}`, ctx.dir);
    return [{ name: 'served under the CSP', ok: true, detail: server.csp }, ...checks];
  } finally {
    await server.close();
  }
}

/**
 * Vite's dev server (what a developer opens first), the SDK through its dependency optimizer
 * rather than a production build, under the same CSP plus its own HMR socket.
 */
async function viteDevCell(ctx, env) {
  const origins = [env.baseUrl, env.proxyUrl, env.closedUrl].map((url) => new URL(url).origin);
  const child = spawn(binPath(ctx.dir, 'vite'), ['--config', 'vite.dev.config.mjs', '--host', '127.0.0.1', '--port', '0'], {
    cwd: ctx.dir,
    env: { ...process.env, ECOSYSTEM_CONNECT: origins.join(' ') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const origin = await new Promise((resolve, reject) => {
      let output = '';
      const onData = (chunk) => {
        output += chunk;
        const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
        if (match) resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`vite exited with ${code}: ${output}`)));
    });
    return await checksInChromium(`${origin}/dev.html#${encodeURIComponent(JSON.stringify(env))}`);
  } finally {
    if (child.exitCode === null) await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')));
  }
}

/** The project of one bundler, with its Chromium and Firefox cells. */
export const browserProject = (bundler) => ({
  deps: bundlers[bundler].deps,
  files: { 'browser-entry.mjs': entry, ...bundlers[bundler].files },
  cells: {
    ...(bundler === 'vite' ? { 'chromium-vite-dev': { label: "Chromium, Vite 8's dev server (dependency optimizer), CSP, CORS", run: viteDevCell } } : {}),
    [`chromium-${bundler}`]: { label: `Chromium, ${bundler} production bundle, strict CSP, CORS`, run: (ctx, env) => browserCell(ctx, env, bundler, checksInChromium) },
    [`firefox-${bundler}`]: { label: `Firefox ESR, ${bundler} production bundle, strict CSP, CORS`, deps: ['puppeteer-core@25'], run: (ctx, env) => browserCell(ctx, env, bundler, checksInFirefox) },
  },
});

export const bundlerNames = Object.keys(bundlers);
