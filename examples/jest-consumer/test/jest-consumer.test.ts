import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { packWorkspacePackages } from './packed-packages.js';

const appSource = fileURLToPath(new URL('../app', import.meta.url));
const template = readFileSync(join(appSource, 'package.template.json'), 'utf8');

const jestLines = [
  { jest: '30.5.2', types: '30.0.0' },
  { jest: '29.7.0', types: '29.5.14' },
];

/**
 * A project outside the workspace, installed with plain npm. Third-party packages are installed
 * once per Jest version and package list (the directory name holds a hash of package.json); the
 * @medsched tarballs are replaced on every run.
 */
function prepareApp(versions: (typeof jestLines)[number], packs: string): string {
  const manifest = template.replaceAll('JEST_VERSION', versions.jest).replaceAll('JEST_MAJOR', versions.types);
  const hash = createHash('sha256').update(manifest).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `medsched-jest-consumer-${hash}`);
  mkdirSync(join(dir, 'packs'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), manifest);
  rmSync(join(dir, 'tests'), { recursive: true, force: true });
  for (const file of ['jest.config.cjs', 'tsconfig.json', 'tests']) cpSync(join(appSource, file), join(dir, file), { recursive: true });
  for (const pack of ['medsched-sdk.tgz', 'medsched-mock-server.tgz']) cpSync(join(packs, pack), join(dir, 'packs', pack));
  // The tarballs keep their version: drop the installed copies and their lock entries so npm unpacks the new ones.
  rmSync(join(dir, 'node_modules', '@medsched'), { recursive: true, force: true });
  rmSync(join(dir, 'package-lock.json'), { force: true });
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'pipe' });
  return dir;
}

function runJest(dir: string, environment: 'node' | 'jest-fixed-jsdom') {
  const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--colors=false'], {
    cwd: dir,
    env: { ...process.env, JEST_ENVIRONMENT: environment, FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('Jest in a project that installed the packed packages with npm', () => {
  let packs: string;
  beforeAll(() => {
    packs = packWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
    return () => rmSync(packs, { recursive: true, force: true });
  });

  describe.each(jestLines)('Jest $jest', (versions) => {
    let dir: string;
    beforeAll(() => {
      dir = prepareApp(versions, packs);
    });

    it('has neither the reference server nor pdfkit installed', () => {
      for (const name of ['@medsched/reference-server', 'pdfkit', 'fontkit']) expect(existsSync(join(dir, 'node_modules', name))).toBe(false);
    });

    it('type-checks the TypeScript tests against the published declarations', () => {
      // ts-jest only transpiles (isolatedModules, as it asks for with module node16): tsc checks.
      const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
      expect(result.status, result.stdout + result.stderr).toBe(0);
    });

    it.each(['node', 'jest-fixed-jsdom'] as const)('runs the JavaScript and ts-jest tests in %s with only the preset', (environment) => {
      const { status, output } = runJest(dir, environment);
      expect(output).toContain('PASS tests/calendar.test.js');
      expect(output).toContain('PASS tests/sign-in.test.ts');
      expect(output).toMatch(/Tests:\s+6 passed, 6 total/);
      expect(status, output).toBe(0);
    });
  });
});
