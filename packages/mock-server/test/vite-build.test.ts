import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installConsumerProject, packedWorkspacePackages } from './consumer/packed-packages.js';
import { vite8AppManifest } from './consumer/shared-manifests.js';

const page = fileURLToPath(new URL('./consumer/vite-page', import.meta.url));

/** A page importing the packed browser entry, bundled by Vite 8 (Rolldown) as an app's build does. */
describe('a Vite build of a page that imports @medsched/mock-server/browser', () => {
  let packs: string;
  let dir: string;
  beforeAll(() => {
    packs = packedWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
    const files = Object.fromEntries(['index.html', 'main.js', 'vite.config.mjs', 'vite.config.no-pdf.mjs'].map((name) => [name, join(page, name)]));
    // The Vite 8 app's install (Vite 8 and msw 2.15, with Playwright, Vitest and TypeScript beside them): one npm install for the four checks that use it.
    dir = installConsumerProject({ manifest: vite8AppManifest, files, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
  }, 240_000);

  it("builds without warnings about missing exports, and without the reference server's Node parts", { timeout: 120_000 }, () => {
    const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status, output).toBe(0);
    const plain = output.replace(/\u001b\[[0-9;]*m/g, ''); // Rolldown colours its codes even with NO_COLOR
    expect(plain).not.toMatch(/is not exported by/);
    expect(plain).not.toMatch(/\(!\)/); // Vite's (and Rollup's) warning marker
    expect(plain).not.toMatch(/^\[[A-Z][A-Z_]+\] /m); // Rolldown's: [EVAL], [CIRCULAR_DEPENDENCY], …
    const assets = join(dir, 'dist', 'assets');
    const chunks = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, code: readFileSync(join(assets, name), 'utf8') }));
    const entry = /<script type="module"[^>]* src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(dir, 'dist', 'index.html'), 'utf8'))?.[1];
    const entryCode = chunks.find((chunk) => chunk.name === entry)?.code ?? '';
    expect(entryCode).toContain('mockServiceWorker.js');
    expect(chunks.map((chunk) => chunk.code).join('\n')).not.toMatch(/pdfkit/);
    // The PDF writer (pdf-lib, fontkit, the fonts) is in a chunk of its own, fetched on the first PDF only.
    const pdfLib = /Hopding\/pdf-lib/;
    expect(entryCode).not.toMatch(pdfLib);
    expect(chunks.filter((chunk) => chunk.name !== entry && pdfLib.test(chunk.code)).length).toBe(1);
  });

  it("leaves the PDF writer and its fonts out of the app's dist/ with the README's external rule (about 1.5 MB less)", { timeout: 180_000 }, () => {
    const build = (config: string) =>
      spawnSync(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', config], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const jsBytes = (out: string) =>
      readdirSync(join(dir, out, 'assets'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => ({ name, bytes: statSync(join(dir, out, 'assets', name)).size, code: readFileSync(join(dir, out, 'assets', name), 'utf8') }));
    const result = build('vite.config.no-pdf.mjs');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const lean = jsBytes('dist-no-pdf');
    const all = lean.map((chunk) => chunk.code).join('\n');
    expect(all).not.toMatch(/Hopding\/pdf-lib/);
    expect(all).not.toMatch(/"d09GR/); // a WOFF font as base64 (the Noto Sans faces)
    expect(all).toContain('mockServiceWorker.js');
    // The default build (the first test's dist/) carries them in chunks of their own.
    const full = jsBytes('dist');
    const total = (chunks: Array<{ bytes: number }>) => chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
    expect(total(full) - total(lean)).toBeGreaterThan(1_000_000);
    expect(total(lean)).toBeLessThan(900_000);
  });
});
