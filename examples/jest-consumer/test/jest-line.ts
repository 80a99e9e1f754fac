import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installConsumerProject, packedWorkspacePackages } from '../../../packages/mock-server/test/consumer/packed-packages.js';

const appSource = fileURLToPath(new URL('../app', import.meta.url));
// The runner-independent tests (reset safety, life cycle) that the mock server's own and Vitest consumer tests run too.
const sharedTests = fileURLToPath(new URL('../../../packages/mock-server/test/consumer/shared', import.meta.url));
const template = readFileSync(join(appSource, 'package.template.json'), 'utf8');

/** One Jest line: the version of `jest` (and `jest-environment-jsdom`) and of `@types/jest`. */
export interface JestLine {
  jest: string;
  types: string;
}

/** The app with one Jest line, installed with npm outside the workspace (once per test run). */
function prepareApp(versions: JestLine, packs: string): string {
  const manifest = JSON.parse(template.replaceAll('JEST_VERSION', versions.jest).replaceAll('JEST_MAJOR', versions.types)) as Record<string, unknown>;
  const files = { ...Object.fromEntries(['jest.config.cjs', 'tsconfig.json', 'tests'].map((name) => [name, join(appSource, name)])), shared: sharedTests };
  return installConsumerProject({ manifest, files, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
}

function runJest(dir: string, environment: 'node' | 'jest-fixed-jsdom') {
  const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--colors=false'], {
    cwd: dir,
    // Without NODE_PATH: pnpm's bin shims (`pnpm vitest`) point it at the workspace's packages, which a user's project does not see.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH')), JEST_ENVIRONMENT: environment, FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * The consumer checks for one Jest line, in a test file of its own: each line installs its own
 * project and runs Jest four times, so the two lines run side by side on two test workers.
 */
export function describeJestLine(versions: JestLine): void {
  describe(`Jest ${versions.jest} in a project that installed the packed packages with npm`, () => {
    let dir: string;
    beforeAll(() => {
      dir = prepareApp(versions, packedWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']));
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
      // A local server on the mock's base URL sees no request during bursts across (un-awaited) resets.
      expect(output).toContain('PASS tests/reset-safety.test.js');
      expect(output).toContain('PASS tests/lifecycle.test.js');
      expect(output).toMatch(/Tests:\s+18 passed, 18 total/);
      expect(status, output).toBe(0);
    });

    it('says what to install when the Babel plugin (an optional peer, for Jest only) is missing', () => {
      const plugin = join(dir, 'node_modules', '@babel', 'plugin-transform-modules-commonjs');
      renameSync(plugin, `${plugin}.away`);
      try {
        const { status, output } = runJest(dir, 'node');
        expect(output).toContain('The Jest preset of @medsched/mock-server needs @babel/plugin-transform-modules-commonjs');
        expect(output).toContain('npm install --save-dev @babel/plugin-transform-modules-commonjs@^7');
        expect(status).not.toBe(0);
      } finally {
        renameSync(`${plugin}.away`, plugin);
      }
    });
  });
}
