import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { packedWorkspacePackages } from '../../../scripts/packed-packages.mjs';
import { readPdf, readPdfTitle } from './support/pdf-reader.js';

// Browsers, PDF parsing and npm installs on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60000, hookTimeout: 180_000 });

/**
 * The pages and the plan PDF from the packed packages, installed with plain npm in a project
 * outside the workspace: the Swagger UI files shipped in dist/, the SDK's OpenAPI document and
 * pdfkit must resolve from an ordinary node_modules, in the ESM bin and through the CommonJS entry.
 */

let project: string;
let server: { child: ReturnType<typeof spawn>; origin: string } | undefined;

beforeAll(async () => {
  // Packed once per test run (read only: copied, never moved).
  const packs = packedWorkspacePackages(['@medsched/sdk', '@medsched/reference-server']);
  project = mkdtempSync(join(tmpdir(), 'medsched-h13-consumer-'));
  mkdirSync(join(project, 'packs'));
  for (const file of ['medsched-sdk.tgz', 'medsched-reference-server.tgz']) copyFileSync(join(packs, file), join(project, 'packs', file));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { '@medsched/sdk': 'file:packs/medsched-sdk.tgz', '@medsched/reference-server': 'file:packs/medsched-reference-server.tgz', msw: '2.15.0' },
      overrides: { '@medsched/sdk': 'file:packs/medsched-sdk.tgz' },
    }),
  );
  // --ignore-scripts: if anything brought an install-time reporter (swagger-ui-dist's @scarf/scarf),
  // it must not run here; the test below checks that nothing brings one.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts'], { cwd: project, stdio: 'pipe' });

  const child = spawn(process.execPath, [join(project, 'node_modules/@medsched/reference-server/dist/node/bin.js'), '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  server = { child, origin };
}, 180_000);

afterAll(() => {
  server?.child.kill('SIGTERM');
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('installed from the packed tarballs', () => {
  it('installs no Swagger UI package and no install-time analytics', () => {
    const installed = readdirSync(join(project, 'node_modules'));
    expect(installed).not.toContain('swagger-ui-dist');
    expect(installed).not.toContain('@scarf');
  });

  it('serves the home page, the API reference with its assets, and the OpenAPI document', async () => {
    const { origin } = server!;
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('msk_demo_sonnen_admin');
    for (const [path, type] of [
      ['/reference', 'text/html'],
      ['/reference/swagger-ui-bundle.js', 'text/javascript'],
      ['/reference/swagger-ui.css', 'text/css'],
      ['/openapi.json', 'application/json'],
    ]) {
      const answer = await fetch(`${origin}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toContain(type);
    }
    expect(((await (await fetch(`${origin}/openapi.json`)).json()) as { servers: unknown }).servers).toEqual([{ url: '/v1', description: 'this reference server' }]);
  });

  it('answers a preflight from a localhost dev server and draws the plan PDF with its embedded fonts', async () => {
    const { origin } = server!;
    const preflight = await fetch(`${origin}/v1/calendars/`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.status).toBe(204);
    const urlPath = 'https://app.medsched.test/patients/64d002000000000000000003/plan?from=2026-01-05&to=2026-01-11';
    const signed = await fetch(`${origin}/v1/pdf/?urlPath=${encodeURIComponent(urlPath)}`, { headers: { 'x-api-key': 'msk_demo_sonnen_user' } });
    expect(signed.status).toBe(200);
    const pdf = await fetch(((await signed.json()) as { signed: string }).signed);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(await readPdfTitle(bytes)).toBe('Medication plan: Clara Claus, 2026-01-05 to 2026-01-11');
    // The fonts come from the built bundle (base64 in dist): the plan's text reads back.
    const [page] = await readPdf(bytes);
    expect(page!.items.map((item) => item.text)).toEqual(expect.arrayContaining(['Medication plan', 'Clara Claus', 'Mon 5 Jan', 'Page 1 of 1']));
  });

  it('the CommonJS entry serves the pages too', () => {
    const script = `require('@medsched/reference-server/node').startServer({ port: 0, seed: 'empty' }).then(async (s) => { const r = await fetch(s.origin + '/reference/swagger-ui.css'); const h = await (await fetch(s.origin + '/')).text(); console.log(r.status, h.includes('--seed empty')); await s.close(); })`;
    expect(execFileSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' }).trim()).toBe('200 true');
  });
});
