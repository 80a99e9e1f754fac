import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installConsumerProject, packedWorkspacePackages } from './consumer/packed-packages.js';
import { vite8AppManifest } from './consumer/shared-manifests.js';

const app = fileURLToPath(new URL('./consumer/vitest-app', import.meta.url));

/** Vitest in jsdom, in a project that installed the packed packages with npm outside the workspace. */
describe('Vitest with the packed mock server', () => {
  let packs: string;
  let dir: string;
  beforeAll(() => {
    packs = packedWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
    const files = { 'vitest.config.mjs': join(app, 'vitest.config.mjs'), tests: join(app, 'tests'), shared: fileURLToPath(new URL('./consumer/shared', import.meta.url)) };
    // The Vite 8 app's install (jsdom and Vitest among its packages): one npm install for it, the Playwright app, the Vite build and the msw 2.15 probe.
    dir = installConsumerProject({ manifest: vite8AppManifest, files, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
  }, 240_000);

  it('installs no Babel (only the Jest preset needs it: an optional peer dependency)', () => {
    for (const name of ['@babel/core', '@babel/plugin-transform-modules-commonjs']) expect(existsSync(join(dir, 'node_modules', name)), name).toBe(false);
  });

  it("runs the README's set-up in jsdom with nothing else; nothing reaches the network across resets, in jsdom and node", { timeout: 300_000 }, () => {
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    const output = `${result.stdout}${result.stderr}`;
    // calendar (2), reset-safety in jsdom and in node (6 each, a local server on the base URL), lifecycle (4).
    expect(output).toMatch(/tests\/reset-safety\.test\.ts \(6 tests\)/);
    expect(output).toMatch(/tests\/reset-safety-node\.test\.ts \(6 tests\)/);
    expect(output).toMatch(/tests\/other-msw\.test\.ts \(3 tests\)/);
    expect(output).toMatch(/tests\/other-msw-node\.test\.ts \(3 tests\)/);
    expect(output).toMatch(/Tests\s+26 passed/);
    expect(result.status, output).toBe(0);
  });
});
