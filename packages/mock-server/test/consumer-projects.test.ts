import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerProject } from '../../../scripts/consumer-projects.mjs';
import { testRunDirVariable } from '../../../scripts/packed-packages.mjs';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The consumer checks' projects: npm runs once per test run for each package.json (and .npmrc), and
 * every check gets a copy of its own outside the workspace. Projects without dependencies here, so
 * that npm's work is only its package-lock.json: the same file (inode) in two copies is one install.
 */
describe('consumer projects: one npm install per run for each package.json, a copy for each check', () => {
  let runDir: string;
  let sources: string;
  let previousRunDir: string | undefined;
  beforeAll(() => {
    previousRunDir = process.env[testRunDirVariable];
    runDir = mkdtempSync(join(tmpdir(), 'medsched-consumer-projects-'));
    process.env[testRunDirVariable] = runDir;
    sources = join(runDir, 'sources');
    mkdirSync(join(sources, 'app'), { recursive: true });
    writeFileSync(join(sources, 'app', 'main.js'), 'export {};\n');
    writeFileSync(join(sources, 'legacy.npmrc'), 'legacy-peer-deps=true\n');
    writeFileSync(join(sources, 'strict.npmrc'), 'legacy-peer-deps=false\n');
  });
  afterAll(() => {
    if (previousRunDir === undefined) delete process.env[testRunDirVariable];
    else process.env[testRunDirVariable] = previousRunDir;
    rmSync(runDir, { recursive: true, force: true });
  });

  const manifest = (name: string) => ({ name, private: true, type: 'module' });
  const lockfile = (dir: string) => statSync(join(dir, 'package-lock.json'));

  it('installs once for two checks with the same package.json, each in a copy of its own outside the workspace', { timeout: 120_000 }, () => {
    const first = consumerProject({ manifest: manifest('same'), packs: sources, tarballs: [], files: { app: join(sources, 'app') } });
    const second = consumerProject({ manifest: manifest('same'), packs: sources, tarballs: [], files: { app: join(sources, 'app') } });
    expect(first).not.toBe(second);
    expect(first.startsWith(runDir)).toBe(true);
    expect(first.startsWith(repositoryRoot)).toBe(false);
    // One npm install: its package-lock.json is one file under two names.
    expect(lockfile(second).ino).toBe(lockfile(first).ino);
    expect(JSON.parse(readFileSync(join(second, 'package-lock.json'), 'utf8'))).toMatchObject({ name: 'same', lockfileVersion: 3 });
    // What one check does to its copy's own files and folders, the other does not see.
    renameSync(join(first, 'app'), join(first, 'app.away'));
    writeFileSync(join(first, 'built.js'), '');
    expect(existsSync(join(second, 'app', 'main.js'))).toBe(true);
    expect(existsSync(join(second, 'built.js'))).toBe(false);
  });

  it('installs again for another package.json, or another .npmrc (it changes what npm installs)', { timeout: 120_000 }, () => {
    const plain = consumerProject({ manifest: manifest('same'), packs: sources, tarballs: [] });
    const other = consumerProject({ manifest: manifest('other'), packs: sources, tarballs: [] });
    const legacy = consumerProject({ manifest: manifest('same'), packs: sources, tarballs: [], files: { '.npmrc': join(sources, 'legacy.npmrc') } });
    const strict = consumerProject({ manifest: manifest('same'), packs: sources, tarballs: [], files: { '.npmrc': join(sources, 'strict.npmrc') } });
    const inodes = [plain, other, legacy, strict].map((dir) => lockfile(dir).ino);
    expect(new Set(inodes).size).toBe(4);
    expect(readFileSync(join(legacy, '.npmrc'), 'utf8')).toBe('legacy-peer-deps=true\n');
  });
});
