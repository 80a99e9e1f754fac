import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumExecutable } from '../../../../scripts/chromium.mjs';
import { installConsumerProject, packedWorkspacePackages } from './packed-packages.js';

const shared = fileURLToPath(new URL('./playwright-shared', import.meta.url));

/**
 * An app tested with @playwright/test, installed from the packed packages with npm outside the
 * workspace: the app's own files, the shared Playwright config base and tsconfig, and the msw
 * worker script in public/ (what `npx msw init public/` does).
 * @param app the app's directory under test/consumer
 * @param files the app's files to copy in
 */
export function installPlaywrightProject(app: string, files: string[], manifest: Record<string, unknown>): string {
  const packs = packedWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
  const copied = {
    ...Object.fromEntries(files.map((name) => [name, join(app, name)])),
    'playwright-base.mjs': join(shared, 'playwright-base.mjs'),
    'tsconfig.json': join(shared, 'tsconfig.json'),
  };
  const dir = installConsumerProject({ manifest, files: copied, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
  mkdirSync(join(dir, 'public'), { recursive: true });
  copyFileSync(join(dir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(dir, 'public', 'mockServiceWorker.js'));
  return dir;
}

/** `tsc -p` of the project with its own TypeScript: the specs against the published declarations. */
export function typeCheckProject(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What Playwright and Vite say when the port was taken between our look and Vite's listen. */
const portTaken = /already in use|is already used/;

/**
 * Runs the project's Playwright specs in headless Chromium, Vite on a free port. The port is free
 * when looked at but released before Vite takes it, so another process can take it first: then
 * the run is retried on another port (at most three times), never reported as the app's failure.
 */
export async function runPlaywrightSpecs(dir: string): Promise<{ status: number | null; output: string }> {
  const chromium = await chromiumExecutable();
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PORT: String(await freePort()), MEDSCHED_CHROMIUM: chromium.executablePath, MEDSCHED_CHROMIUM_ARGS: JSON.stringify(chromium.args), CI: '1' },
    });
    const output = `${result.stdout}${result.stderr}`;
    if (result.status === 0 || attempt === 3 || !portTaken.test(output)) return { status: result.status, output };
  }
}
