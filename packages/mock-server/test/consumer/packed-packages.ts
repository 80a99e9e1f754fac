import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packedWorkspacePackages } from '../../../../scripts/packed-packages.mjs';

export { packedWorkspacePackages };

export interface ConsumerProject {
  /** The generated package.json; `file:packs/<tarball>` for the packed packages. */
  manifest: Record<string, unknown>;
  /** Files to copy in (name in the project → absolute source path, files or directories). */
  files?: Record<string, string>;
  /** Directory of the packed tarballs, from `packedWorkspacePackages`. */
  packs: string;
  /** Tarball names to copy into `packs/`. */
  tarballs: string[];
}

/** Projects of test processes that are gone (a worker ended without its exit handlers running). */
function removeLeftovers(prefix: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

/**
 * A project outside the workspace, installed with plain npm into a directory of its own for this
 * call, removed when the test process exits. It was once shared between runs (named after a hash
 * of its package.json), but two test runs at once on one machine then replaced each other's
 * unpacked tarballs mid-test; npm's own cache (`--prefer-offline`) keeps reinstalls quick.
 */
export function installConsumerProject({ manifest, files = {}, packs, tarballs }: ConsumerProject): string {
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const prefix = `medsched-consumer-${createHash('sha256').update(text).digest('hex').slice(0, 12)}-`;
  removeLeftovers(prefix);
  const dir = join(tmpdir(), `${prefix}${process.pid}-${randomBytes(4).toString('hex')}`);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'packs'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), text);
  for (const [name, source] of Object.entries(files)) {
    rmSync(join(dir, name), { recursive: true, force: true });
    cpSync(source, join(dir, name), { recursive: true });
  }
  for (const tarball of tarballs) cpSync(join(packs, tarball), join(dir, 'packs', tarball));
  // Same version, new content: drop the unpacked copies and the lock so that npm unpacks the new tarballs.
  rmSync(join(dir, 'node_modules', '@medsched'), { recursive: true, force: true });
  rmSync(join(dir, 'package-lock.json'), { force: true });
  // As a user's plain npm would: under `pnpm test`, pnpm hands its own settings to child processes
  // as npm_config_* variables (engine-strict among them, which refuses msw 3's Node-22-only
  // dependencies on this Node 20 npm, though the probe then runs them on Node 22).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'pipe', env });
  return dir;
}
