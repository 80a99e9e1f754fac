import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../scripts/chromium.mjs';
import { installConsumerProject, packedWorkspacePackages } from '../consumer/packed-packages.js';
import { readmeBlock } from './readme-blocks.js';
import { serveDirectory, type StaticSite } from './static-server.js';

const app = fileURLToPath(new URL('./storybook-build-app', import.meta.url));

/**
 * The README's Storybook recipe as written: a fresh React + Vite Storybook 10 project, installed with
 * plain npm outside the workspace with msw-storybook-addon and the packed packages, gets the README's
 * `.storybook/preview.tsx` and `src/Calendar.stories.tsx` blocks verbatim; `tsc` checks them, `storybook
 * build` builds them, and headless Chromium renders the built stories.
 */
describe("storybook build of the README's preview and a story that seeds in its loaders", () => {
  let packs: string;
  let dir: string;
  let site: StaticSite | undefined;
  beforeAll(() => {
    packs = packedWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
    const manifest = {
      name: 'medsched-storybook-build',
      private: true,
      type: 'module',
      devDependencies: {
        '@medsched/mock-server': 'file:packs/medsched-mock-server.tgz',
        '@medsched/sdk': 'file:packs/medsched-sdk.tgz',
        '@storybook/react-vite': '10.6.6',
        '@types/react': '19.2.2',
        msw: '2.15.0',
        'msw-storybook-addon': '3.0.3',
        react: '19.2.0',
        'react-dom': '19.2.0',
        storybook: '10.6.6',
        typescript: '5.9.3',
        vite: '7.3.8',
      },
    };
    const files = Object.fromEntries(['.npmrc', '.storybook', 'src', 'tsconfig.json'].map((name) => [name, join(app, name)]));
    dir = installConsumerProject({ manifest, files, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
    writeFileSync(join(dir, '.storybook', 'preview.tsx'), readmeBlock('// .storybook/preview.tsx'));
    writeFileSync(join(dir, 'src', 'Calendar.stories.tsx'), readmeBlock('// src/Calendar.stories.tsx'));
    // What `npx msw init public/` does.
    mkdirSync(join(dir, 'public'), { recursive: true });
    copyFileSync(join(dir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(dir, 'public', 'mockServiceWorker.js'));
  }, 600_000);
  afterAll(async () => {
    await site?.close();
  });

  it("type-checks the README's preview and story (strict tsc)", { timeout: 120_000 }, () => {
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('builds with storybook build', { timeout: 600_000 }, () => {
    rmSync(join(dir, 'storybook-static'), { recursive: true, force: true });
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'storybook', 'dist', 'bin', 'dispatcher.js'), 'build', '--quiet'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1' },
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('renders the built story in headless Chromium: the patient seeded in its loaders, the failure; the next story sees neither', { timeout: 180_000 }, async () => {
    site = await serveDirectory(join(dir, 'storybook-static'));
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${site.url}/iframe.html?id=calendar--with-patient&viewMode=story`);
      const patients = page.locator('ul[aria-label="patients"][data-loaded="true"] li');
      const calendar = page.getByTestId('calendar');
      await calendar.filter({ hasNotText: 'loading' }).waitFor();
      await patients.first().waitFor();
      expect(await patients.allTextContents()).toContain('Paula Story');
      expect(await calendar.textContent()).toBe('error 503');

      // The manager's move to another story, in the same page (the mock keeps running): the project
      // loader's reset drops the seeded patient and the failure.
      await page.evaluate(() =>
        (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, args: unknown): void } }).__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', {
          storyId: 'calendar--plain',
          viewMode: 'story',
        }),
      );
      await calendar.filter({ hasText: /entries$/ }).waitFor();
      await page.locator('ul[aria-label="patients"][data-loaded="true"]').waitFor();
      expect(await patients.allTextContents()).not.toContain('Paula Story');
      expect(await patients.count()).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
