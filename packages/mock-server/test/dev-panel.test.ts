import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPlaywrightProject, runPlaywrightSpecs, typeCheckProject } from './consumer/playwright-project.js';
import { adminApiKey, operationCalls } from './operation-calls.js';
import { readmeBlock } from './runners/readme-blocks.js';

const app = fileURLToPath(new URL('./consumer/dev-app', import.meta.url));

/** Every file under `dir`, with its text. */
function filesOf(dir: string): Array<{ name: string; text: string }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: join(entry.parentPath, entry.name).slice(dir.length + 1), text: readFileSync(join(entry.parentPath, entry.name), 'utf8') }));
}

/**
 * The README's "Local development" recipe as a Vite 7 app installed from the packed packages:
 * `vite dev` with the browser mock and `@medsched/mock-server/dev-panel`, driven in Chromium by
 * @playwright/test; then `vite build`, which must contain none of it.
 */
describe('local development: the mock under vite dev with the dev panel, from the packed packages', () => {
  let dir: string;
  beforeAll(() => {
    const manifest = {
      name: 'medsched-dev-app',
      private: true,
      type: 'module',
      dependencies: { '@medsched/sdk': 'file:packs/medsched-sdk.tgz' },
      devDependencies: { '@medsched/mock-server': 'file:packs/medsched-mock-server.tgz', msw: '2.15.0', '@playwright/test': '1.65.1', '@types/node': '20.19.43', typescript: '5.9.3', vite: '7.3.8' },
    };
    dir = installPlaywrightProject(app, ['index.html', 'main.js', 'playwright.config.mjs', 'tests'], manifest);
    // The README's config as it stands, so that the README shows what was tested.
    writeFileSync(join(dir, 'vite.config.js'), readmeBlock('// vite.config.js, for development with the mock'));
    writeFileSync(join(dir, 'tests', 'operation-calls.json'), JSON.stringify({ apiKey: adminApiKey, calls: operationCalls }));
  }, 480_000);

  it('type-checks the spec against the published declarations', { timeout: 60_000 }, () => {
    const { status, output } = typeCheckProject(dir);
    expect(status, output).toBe(0);
  });

  it('switches scenarios at run time (console, panel), keeps saved data through a switch, and every operation pair holds in Chromium', { timeout: 600_000 }, async () => {
    const { status, output } = await runPlaywrightSpecs(dir);
    expect(output).toMatch(/3 passed/);
    expect(status, output).toBe(0);
  });

  it('a production build contains none of it: no mock, no panel, no service worker script', { timeout: 180_000 }, () => {
    // NODE_ENV=test, as under a test runner: with an `import.meta.env.DEV` guard the build would keep
    // the mock (Vite derives DEV from NODE_ENV); the recipe's MODE guard drops it all the same.
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'test', NO_COLOR: '1' },
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const built = filesOf(join(dir, 'dist'));
    expect(built.map((file) => file.name)).not.toContain('mockServiceWorker.js');
    // The app itself is there (its SDK client), the mock's and the panel's marks are not.
    expect(built.map((file) => file.text).join('\n')).toContain('msk_demo_sonnen_user');
    const marks = ['medschedMock', 'data-medsched-mock-panel', 'mockServiceWorker', 'setupMockWorker', 'Hopding/pdf-lib', '__medschedMockRemote'];
    const found = built.flatMap((file) =>
      marks.filter((mark) => file.text.includes(mark)).map((mark) => `${file.name}: ${mark} …${file.text.slice(Math.max(0, file.text.indexOf(mark) - 80), file.text.indexOf(mark) + 80)}…`),
    );
    expect(found).toEqual([]);
    // The same marks are in what `vite dev` served: the check would see them.
    expect(existsSync(join(dir, 'node_modules', '@medsched', 'mock-server', 'dist', 'dev-panel.js'))).toBe(true);
    expect(readFileSync(join(dir, 'node_modules', '@medsched', 'mock-server', 'dist', 'dev-panel.js'), 'utf8')).toContain('data-medsched-mock-panel');
  });
});
