import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutable } from '../../../scripts/chromium.mjs';
import { installConsumerProject, packWorkspacePackages } from './consumer/packed-packages.js';

const app = fileURLToPath(new URL('./consumer/playwright-app', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Vite app with its own `setupMockWorker()` set-up, tested with @playwright/test and the
 * `mockApi` fixture, everything installed from the packed packages with npm outside the workspace.
 */
describe('@medsched/mock-server/playwright under @playwright/test, from the packed packages', () => {
  let packs: string;
  let dir: string;
  beforeAll(() => {
    packs = packWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
    const manifest = {
      name: 'medsched-playwright-app',
      private: true,
      type: 'module',
      dependencies: { '@medsched/mock-server': 'file:packs/medsched-mock-server.tgz', '@medsched/sdk': 'file:packs/medsched-sdk.tgz', msw: '2.15.0' },
      devDependencies: { '@playwright/test': '1.65.1', '@types/node': '20.19.43', typescript: '5.9.3', vite: '7.3.8' },
    };
    const files = Object.fromEntries(
      ['index.html', 'main.js', 'vite.config.mjs', 'playwright.config.mjs', 'tsconfig.json', 'tests'].map((name) => [name, join(app, name)]),
    );
    dir = installConsumerProject({ manifest, files, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
    // What `npx msw init public/` does: the worker script of the installed msw.
    mkdirSync(join(dir, 'public'), { recursive: true });
    copyFileSync(join(dir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(dir, 'public', 'mockServiceWorker.js'));
    execFileSync(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: dir, stdio: 'pipe' });
  }, 480_000);
  afterAll(() => rmSync(packs, { recursive: true, force: true }));

  it('type-checks the spec against the published declarations (the fixture fits base.extend)', { timeout: 60_000 }, () => {
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('runs the spec: seed and fail before the first request, respond, journal, persistence, a PDF link, wrong moves', { timeout: 180_000 }, async () => {
    const chromium = await chromiumExecutable();
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PORT: String(await freePort()), MEDSCHED_CHROMIUM: chromium.executablePath, MEDSCHED_CHROMIUM_ARGS: JSON.stringify(chromium.args), CI: '1' },
    });
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toMatch(/12 passed/);
    expect(result.status, output).toBe(0);
  });
});
