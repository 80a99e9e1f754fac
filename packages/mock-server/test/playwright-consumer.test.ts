import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPlaywrightProject, runPlaywrightSpecs, typeCheckProject } from './consumer/playwright-project.js';
import { vite8AppManifest } from './consumer/shared-manifests.js';

const app = fileURLToPath(new URL('./consumer/playwright-app', import.meta.url));

/**
 * A Vite app with its own `setupMockWorker()` set-up, tested with @playwright/test and the
 * `mockApi` fixture, everything installed from the packed packages with npm outside the workspace.
 */
describe('@medsched/mock-server/playwright under @playwright/test, from the packed packages', () => {
  let dir: string;
  beforeAll(() => {
    dir = installPlaywrightProject(app, ['index.html', 'main.js', 'vite.config.mjs', 'playwright.config.mjs', 'tests'], vite8AppManifest);
    execFileSync(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: dir, stdio: 'pipe' });
  }, 480_000);

  it('type-checks the spec against the published declarations (the fixture fits base.extend)', { timeout: 60_000 }, () => {
    const { status, output } = typeCheckProject(dir);
    expect(status, output).toBe(0);
  });

  it('runs the spec: seed and fail before the first request, respond, journal, persistence, a PDF link, wrong moves', { timeout: 180_000 }, async () => {
    const { status, output } = await runPlaywrightSpecs(dir);
    expect(output).toMatch(/12 passed/);
    expect(status, output).toBe(0);
  });
});
