import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installConsumerProject, packedWorkspacePackages } from './consumer/packed-packages.js';

const app = fileURLToPath(new URL('./consumer/storybook-app', import.meta.url));

/**
 * The README's Storybook preview in a project that installed the packed packages, Storybook 10 and
 * msw-storybook-addon 3 with npm: its stories run through Storybook's portable-stories runner, and
 * the browser preview type-checks as .tsx.
 */
describe('Storybook preview with msw-storybook-addon and the packed mock server', () => {
  let packs: string;
  let dir: string;
  beforeAll(() => {
    packs = packedWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
    const manifest = {
      name: 'medsched-storybook-app',
      private: true,
      type: 'module',
      devDependencies: {
        '@medsched/mock-server': 'file:packs/medsched-mock-server.tgz',
        '@medsched/sdk': 'file:packs/medsched-sdk.tgz',
        msw: '2.15.0',
        'msw-storybook-addon': '3.0.3',
        storybook: '10.6.6',
        typescript: '5.9.3',
        vitest: '4.1.12',
      },
    };
    const files = Object.fromEntries(['.npmrc', 'preview.ts', 'preview-browser.tsx', 'stories.test.js', 'tsconfig.json', 'vitest.config.mjs'].map((name) => [name, join(app, name)]));
    dir = installConsumerProject({ manifest, files, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
  }, 480_000);

  it("type-checks the README's browser preview as .tsx and the Node preview as .ts (strict)", { timeout: 120_000 }, () => {
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('runs stories with context.msw and the mock: a story seeds in its loaders, the next starts from the scenario again', { timeout: 120_000 }, () => {
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toMatch(/Tests\s+2 passed/);
    expect(result.status, output).toBe(0);
  });
});
